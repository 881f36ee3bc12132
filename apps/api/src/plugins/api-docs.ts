import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ApiDocsAccess } from '../config/env.js';
import { monitoring } from '../http/guards.js';

export const API_DOCS_PATH = '/api/docs';

/**
 * OpenAPI document built from the routes' zod schemas (always: tools and tests read it through
 * `app.swagger()`), served with Swagger UI at /api/docs as API_DOCS says: to anyone (`public`),
 * with a signed-in admin's bearer token only (`admin`), or not at all (`off`: 404).
 *
 * The UI sets its own hash-based CSP (`staticCSP`), with frame-ancestors and base-uri tightened to
 * 'none'; upgrade-insecure-requests is dropped on plain-http hosts.
 */
export const apiDocsPlugin = fp<{ appUrl: string; access: ApiDocsAccess }>(
  async (app, { appUrl, access }) => {
    const https = appUrl.startsWith('https:');
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Staff Admin API',
          version: '1.0.0',
          description:
            'Every success body is `{ data }`; every error body is `{ code, message, errors? }`.',
        },
        servers: [{ url: appUrl }],
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    if (access === 'off') return;

    // Its own context: the hooks guard every route the UI adds, its static files included.
    await app.register(async (docs) => {
      if (access === 'admin') {
        docs.addHook('onRequest', app.authenticate);
        docs.addHook('onRequest', app.authorize(monitoring));
      }
      await docs.register(swaggerUi, {
        routePrefix: API_DOCS_PATH,
        staticCSP: true,
        // The UI is never framed and sets no <base>: tighten what swagger-ui allows ('self').
        transformStaticCSP: (header) => {
          const strict = header
            .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
            .replace("base-uri 'self'", "base-uri 'none'");
          return https ? strict : strict.replace(/(?<!\s)\s*upgrade-insecure-requests;?/, '');
        },
      });
    });
  },
  { name: 'api-docs', dependencies: ['authenticate', 'authorize'] },
);
