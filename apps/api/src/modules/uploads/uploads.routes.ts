import fastifyMultipart from '@fastify/multipart';
import { UPLOAD_DIRS, type UploadDir } from '@staff-admin/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { currentAuth } from '../../http/guards.js';
import { perMinuteRateLimit } from '../../http/rate-limits.js';
import { readIncomingFiles, type ReadOptions } from '../../http/multipart-reader.js';
import { UPLOAD_MESSAGES } from './uploads.messages.js';
import type { UploadsService } from './uploads.service.js';

/** Files per call to /uploads/multiple: the site sends one picture at a time. */
export const MAX_FILES_PER_UPLOAD = 5;

const uploadedFileSchema = z.object({
  path: z.string(),
  originalName: z.string(),
  size: z.number().int(),
});

const uploadQuerySchema = z.object({ dir: z.enum(UPLOAD_DIRS) });

const SERVED_FILE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'public, max-age=31536000, immutable',
  'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox",
} as const;

export const uploadsRoutes: FastifyPluginAsyncZod<{
  uploads: UploadsService;
  uploadsPerMinute: number;
}> = async (app, { uploads, uploadsPerMinute }) => {
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  const config = perMinuteRateLimit(uploadsPerMinute);

  /** The caller's files of one field, checked and stored; the incoming copies are removed. */
  const receive = (request: FastifyRequest, dir: UploadDir, options: ReadOptions) => {
    const { userId } = currentAuth(request);
    return uploads.withIncomingFolder(async (folder) => {
      const files = await readIncomingFiles(request, folder, options);
      return uploads.store(dir, files, userId, requestOrigin(request));
    });
  };
  /** Refused before the body is read when the caller has no room left for unused uploads. */
  const roomForUploads = async (request: FastifyRequest) => {
    await uploads.assertRoomForUploads(currentAuth(request).userId);
  };

  const describe = (field: string, many: boolean) =>
    `multipart/form-data with the field \`${field}\`${many ? ` (1 to ${MAX_FILES_PER_UPLOAD} files)` : ''}. ` +
    'PNG or JPEG by content (415 otherwise), at most 5 MB each and 10 MB per call (413) and ' +
    '40 megapixels (413); a malformed form is 400. UPLOADS_PER_MINUTE calls per client IP and ' +
    'minute; each user keeps at most UPLOAD_UNUSED_MAX_FILES uploads and ' +
    'UPLOAD_UNUSED_MAX_BYTES bytes that are no user’s picture (429 with Retry-After). ' +
    'Each picture is turned upright, cover-cropped to a square of at most 512 px and re-encoded ' +
    'without metadata. `path` goes into `imageUrl`; uploads no user points at are removed after a day.';

  app.post(
    '/uploads',
    {
      config,
      onRequest: [app.authenticate],
      preHandler: roomForUploads,
      schema: {
        tags: ['uploads'],
        summary: 'Upload one picture',
        description: describe('file', false),
        consumes: ['multipart/form-data'],
        security: bearerSecurity,
        querystring: uploadQuerySchema,
        response: {
          201: envelope(uploadedFileSchema),
          ...errorResponses(400, 401, 403, 413, 415, 429, 507),
        },
      },
    },
    async (request, reply) => {
      const [stored] = await receive(request, request.query.dir, {
        field: 'file',
        maxFiles: 1,
        tooManyFiles: UPLOAD_MESSAGES.oneFileAtATime,
      });
      return reply.code(201).send({ data: stored! });
    },
  );

  app.post(
    '/uploads/multiple',
    {
      config,
      onRequest: [app.authenticate],
      preHandler: roomForUploads,
      schema: {
        tags: ['uploads'],
        summary: 'Upload several pictures',
        description: describe('files', true),
        consumes: ['multipart/form-data'],
        security: bearerSecurity,
        querystring: uploadQuerySchema,
        response: {
          201: envelope(z.array(uploadedFileSchema)),
          ...errorResponses(400, 401, 403, 413, 415, 429, 507),
        },
      },
    },
    async (request, reply) => {
      const stored = await receive(request, request.query.dir, {
        field: 'files',
        maxFiles: MAX_FILES_PER_UPLOAD,
        tooManyFiles: UPLOAD_MESSAGES.tooManyFiles,
      });
      return reply.code(201).send({ data: stored });
    },
  );

  app.get(
    '/files/:dir/:name',
    {
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded file',
        description:
          "Served with its stored content type, `nosniff`, a `default-src 'none'` CSP, a " +
          'year of caching (names are never reused) and an ETag of its bytes (304 for a ' +
          'matching If-None-Match). 404 for anything else.',
        params: z.object({ dir: z.string(), name: z.string() }),
      },
    },
    async (request, reply) => {
      const file = await uploads.read(request.params.dir, request.params.name);
      if (!file) throw notFound();
      reply
        .headers(SERVED_FILE_HEADERS)
        .header('etag', file.etag)
        // The stored name: generated, so it needs no escaping (RFC 6266).
        .header('content-disposition', `inline; filename="${request.params.name}"`);
      if (matchesAny(request.headers['if-none-match'], file.etag)) return reply.code(304).send();
      return reply.code(200).type(file.contentType).send(file.data);
    },
  );
};

/** If-None-Match (RFC 9110 §13.1.2): `*`, or a list of tags compared weakly (W/ ignored). */
function matchesAny(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
