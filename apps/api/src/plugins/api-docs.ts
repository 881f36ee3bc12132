import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_DOCS_PATH = '/api/docs';

/**
 * OpenAPI document built from the routes' zod schemas, and Swagger UI at /api/docs. The UI sets
 * its own hash-based CSP (`staticCSP`), with frame-ancestors and base-uri tightened to 'none';
 * upgrade-insecure-requests is dropped on plain-http hosts.
 */
export const apiDocsPlugin = fp<{ appUrl: string }>(
  async (app, { appUrl }) => {
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
    await app.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      staticCSP: true,
      // The UI is never framed and sets no <base>: tighten what swagger-ui allows ('self').
      transformStaticCSP: (header) => {
        const strict = header
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          .replace("base-uri 'self'", "base-uri 'none'");
        return https ? strict : strict.replace(/\s*upgrade-insecure-requests;?/, '');
      },
    });
  },
  { name: 'api-docs' },
);
