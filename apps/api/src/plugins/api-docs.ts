import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const API_DOCS_PATH = '/api/docs';

/**
 * OpenAPI document built from the routes' zod schemas, and Swagger UI at /api/docs. The UI sets
 * its own hash-based CSP (`staticCSP`); upgrade-insecure-requests is dropped on plain-http hosts.
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
      transformStaticCSP: (header) =>
        https ? header : header.replace(/\s*upgrade-insecure-requests;?/, ''),
    });
  },
  { name: 'api-docs' },
);
