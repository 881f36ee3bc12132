import type { ScimOperation, ScimResourceType } from '@staff-admin/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestOrigin } from '../../http/schemas.js';
import { nowIso, type Clock } from '../../lib/clock.js';
import { rateLimited } from '../../lib/errors.js';
import { hashToken } from '../../lib/secure-token.js';
import type { ScimGroupsService } from './scim-groups.service.js';
import { SCIM_MEDIA_TYPE, scimResponse } from './scim-errors.js';
import type { ScimLogRepository } from './scim-log.repository.js';
import {
  listResponse,
  resourceTypes,
  schemas,
  SCIM_MAX_RESULTS,
  serviceProviderConfig,
} from './scim-resources.js';
import type { ScimCaller } from './scim-tokens.repository.js';
import type { ScimTokensService } from './scim-tokens.service.js';
import type { ScimUsersService, ScimWrite, Subject } from './scim-users.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A SCIM route: what its calls are, for the sync log. */
    scim?: { operation: ScimOperation; resourceType: ScimResourceType };
  }
  interface FastifyRequest {
    /** On SCIM routes: the token, and what the call was about (the sync log's row). */
    scim: (Subject & { caller: ScimCaller | null; detail: string | null }) | null;
  }
}

const listQuery = z.object({
  filter: z.string().max(1000).optional(),
  // RFC 7644 §3.4.2.4: a startIndex below 1 is 1; a count above the maximum is the maximum.
  startIndex: z.coerce
    .number()
    .int()
    .transform((value) => Math.max(1, value))
    .default(1),
  count: z.coerce
    .number()
    .int()
    .transform((value) => Math.min(Math.max(0, value), SCIM_MAX_RESULTS))
    .default(SCIM_MAX_RESULTS),
  attributes: z.string().max(1000).optional(),
  excludedAttributes: z.string().max(1000).optional(),
  sortBy: z.string().max(200).optional(),
  sortOrder: z.string().max(20).optional(),
});
const readQuery = listQuery.pick({ attributes: true, excludedAttributes: true });
const idParams = z.object({ id: z.string().max(200) });
const resourceBody = z.record(z.string(), z.unknown());

export interface ScimRoutesOptions {
  tokens: ScimTokensService;
  users: ScimUsersService;
  groups: ScimGroupsService;
  log: ScimLogRepository;
  appUrl: string;
  requestsPerMinute: number;
  clock: Clock;
}

/**
 * SCIM 2.0 (RFC 7644) at /scim/v2, for the company's directory (Okta, Entra ID; docs/scim.md).
 * Only a SCIM token opens these routes, and it opens nothing else. Bodies are read as
 * `application/scim+json` or JSON; answers are `application/scim+json`; every failure is a SCIM
 * error body; each call is rate-limited per token and written to the sync log as it is answered.
 */
export const scimRoutes: FastifyPluginAsyncZod<ScimRoutesOptions> = async (app, options) => {
  const { tokens, users, groups, log, appUrl, clock } = options;
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    'application/scim+json',
    { parseAs: 'string' },
    (request, body: string, done) => {
      if (body === '') done(null, undefined);
      else void parseJson(request, body, done);
    },
  );

  app.decorateRequest('scim', null);
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler((request, reply) => {
    const { status, body } = scimResponse({ statusCode: 404 });
    return reply.code(status).type(SCIM_MEDIA_TYPE).send(body);
  });

  // After the rate limit (a route's onRequest), before the body is read.
  app.addHook('preParsing', async (request) => {
    request.scim = { caller: null, userId: null, subject: null, detail: null };
    request.scim.caller = await tokens.authenticate(
      request.headers.authorization,
      requestOrigin(request),
    );
  });
  // The call is logged before its answer leaves, so the sync log a directory or an admin reads
  // next holds it; a log that cannot be written never turns the answer into a failure.
  app.addHook('onSend', async (request, reply, payload) => {
    if (payload !== undefined && payload !== null && payload !== '') reply.type(SCIM_MEDIA_TYPE);
    const about = request.routeOptions.config.scim;
    if (!about || !request.scim) return payload;
    try {
      await log.record({
        at: nowIso(clock),
        tokenId: request.scim.caller?.tokenId ?? null,
        tokenName: request.scim.caller?.name ?? null,
        operation: about.operation,
        resourceType: about.resourceType,
        userId: about.resourceType === 'User' ? request.scim.userId : null,
        subject: request.scim.subject,
        status: reply.statusCode,
        detail: reply.statusCode >= 400 ? request.scim.detail : null,
      });
    } catch (error) {
      request.log.error({ err: error }, 'the SCIM sync log could not be written');
    }
    return payload;
  });

  const rateLimit = {
    max: options.requestsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) =>
      `scim:${hashToken(request.headers.authorization ?? '')}`,
    errorResponseBuilder: () => rateLimited('Too many SCIM requests for this token'),
  };
  const route = (operation: ScimOperation, resourceType: ScimResourceType) => ({
    config: { scim: { operation, resourceType }, rateLimit },
  });
  const hidden = { hide: true };
  const subject = (request: FastifyRequest) => request.scim!;
  /** A write's context: the authenticated token, the origin, the sync log's row, If-Match. */
  const write = (request: FastifyRequest): ScimWrite => ({
    caller: request.scim!.caller!,
    origin: requestOrigin(request),
    subject: request.scim!,
    ifMatch: request.headers['if-match'],
  });
  const withVersion = <T extends { meta: { version: string } }>(
    reply: FastifyReply,
    resource: T,
  ) => {
    reply.header('etag', resource.meta.version);
    return resource;
  };
  const withoutMembers = (query: { attributes?: string; excludedAttributes?: string }) =>
    /(?:^|,)\s*members\s*(?:,|$)/i.test(query.excludedAttributes ?? '');

  app.get(
    '/ServiceProviderConfig',
    { ...route('discovery', 'Service'), schema: hidden },
    async () => serviceProviderConfig(appUrl),
  );
  app.get('/ResourceTypes', { ...route('discovery', 'Service'), schema: hidden }, async () => {
    const types = resourceTypes(appUrl);
    return listResponse(types, types.length, 1);
  });
  app.get('/Schemas', { ...route('discovery', 'Service'), schema: hidden }, async () => {
    const all = schemas(appUrl);
    return listResponse(all, all.length, 1);
  });

  app.get(
    '/Users',
    { ...route('list', 'User'), schema: { ...hidden, querystring: listQuery } },
    async (request) => {
      subject(request).subject = request.query.filter ?? null;
      return users.list(request.query.filter, request.query);
    },
  );
  app.post(
    '/Users',
    { ...route('create', 'User'), schema: { ...hidden, body: resourceBody } },
    async (request, reply) => {
      const user = await users.create(request.body, write(request));
      return reply.code(201).header('location', user.meta.location).send(withVersion(reply, user));
    },
  );
  app.get(
    '/Users/:id',
    { ...route('read', 'User'), schema: { ...hidden, params: idParams, querystring: readQuery } },
    async (request, reply) => {
      subject(request).userId = request.params.id;
      return withVersion(reply, await users.get(request.params.id));
    },
  );
  app.put(
    '/Users/:id',
    { ...route('replace', 'User'), schema: { ...hidden, params: idParams, body: resourceBody } },
    async (request, reply) =>
      withVersion(reply, await users.replace(request.params.id, request.body, write(request))),
  );
  app.patch(
    '/Users/:id',
    { ...route('update', 'User'), schema: { ...hidden, params: idParams, body: resourceBody } },
    async (request, reply) =>
      withVersion(reply, await users.patch(request.params.id, request.body, write(request))),
  );
  app.delete(
    '/Users/:id',
    { ...route('delete', 'User'), schema: { ...hidden, params: idParams } },
    async (request, reply) => {
      await users.delete(request.params.id, write(request));
      return reply.code(204).send();
    },
  );

  app.get(
    '/Groups',
    { ...route('list', 'Group'), schema: { ...hidden, querystring: listQuery } },
    async (request) => {
      subject(request).subject = request.query.filter ?? null;
      return groups.list(request.query.filter, request.query, !withoutMembers(request.query));
    },
  );
  app.post(
    '/Groups',
    { ...route('create', 'Group'), schema: { ...hidden, body: resourceBody } },
    async (request, reply) => {
      const group = await groups.create(request.body, write(request));
      return reply
        .code(201)
        .header('location', group.meta.location)
        .send(withVersion(reply, group));
    },
  );
  app.get(
    '/Groups/:id',
    { ...route('read', 'Group'), schema: { ...hidden, params: idParams, querystring: readQuery } },
    async (request, reply) =>
      withVersion(reply, await groups.get(request.params.id, !withoutMembers(request.query))),
  );
  app.put(
    '/Groups/:id',
    { ...route('replace', 'Group'), schema: { ...hidden, params: idParams, body: resourceBody } },
    async (request, reply) =>
      withVersion(reply, await groups.replace(request.params.id, request.body, write(request))),
  );
  app.patch(
    '/Groups/:id',
    { ...route('update', 'Group'), schema: { ...hidden, params: idParams, body: resourceBody } },
    async (request, reply) => {
      await groups.patch(request.params.id, request.body, write(request));
      return reply.code(204).send();
    },
  );
  app.delete(
    '/Groups/:id',
    { ...route('delete', 'Group'), schema: { ...hidden, params: idParams } },
    async (request, reply) => {
      await groups.delete(request.params.id, write(request));
      return reply.code(204).send();
    },
  );
};

/** A SCIM error body for any failure, kept for the sync log; 401 says how to authenticate. */
export function sendError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const { status, body, headers } = scimResponse(error);
  if (status >= 500) request.log.error({ err: error }, 'SCIM request failed');
  if (request.scim) request.scim.detail = body.detail;
  if (headers) reply.headers(headers);
  if (status === 401) reply.header('www-authenticate', 'Bearer realm="scim"');
  return reply.code(status).type(SCIM_MEDIA_TYPE).send(body);
}
