import fastifyMultipart from '@fastify/multipart';
import { API_MESSAGES, UPLOAD_DIRS, AVATAR_MAX_BYTES } from '@staff-admin/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { currentAuth } from '../../http/guards.js';
import { perMinuteRateLimit } from '../../http/rate-limits.js';
import { UPLOAD_MESSAGES } from './uploads.messages.js';
import type { IncomingFile, UploadsService } from './uploads.service.js';

export const MAX_FILES_PER_UPLOAD = 10;

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

/** Multipart errors (busboy limits) as the contract's answers. */
function multipartError(error: unknown, tooManyFiles: string): unknown {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, UPLOAD_MESSAGES.fileTooLarge, { cause: error });
    case 'FST_FILES_LIMIT':
      return new AppError(413, tooManyFiles, { cause: error });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, API_MESSAGES.payloadTooLarge, { cause: error });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest(UPLOAD_MESSAGES.noFile);
    default:
      return error;
  }
}

/** Reads the files of one form field (others are drained and ignored), each into memory. */
async function readFiles(
  request: FastifyRequest,
  field: string,
  maxFiles: number,
  tooManyFiles: string,
): Promise<IncomingFile[]> {
  if (!request.isMultipart()) throw badRequest(UPLOAD_MESSAGES.noFile);
  const files: IncomingFile[] = [];
  try {
    const parts = request.parts({
      limits: { fileSize: AVATAR_MAX_BYTES, files: maxFiles, fields: 10, parts: maxFiles + 10 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field) {
        part.file.resume();
        continue;
      }
      files.push({ data: await part.toBuffer(), filename: part.filename });
    }
  } catch (error) {
    throw multipartError(error, tooManyFiles);
  }
  if (files.length === 0 || files.every((file) => file.data.length === 0)) {
    throw badRequest(UPLOAD_MESSAGES.noFile);
  }
  return files;
}

export const uploadsRoutes: FastifyPluginAsyncZod<{
  uploads: UploadsService;
  uploadsPerMinute: number;
}> = async (app, { uploads, uploadsPerMinute }) => {
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  const config = perMinuteRateLimit(uploadsPerMinute);

  const describe = (field: string, many: boolean) =>
    `multipart/form-data with the field \`${field}\`${many ? ` (1 to ${MAX_FILES_PER_UPLOAD} files)` : ''}. ` +
    'PNG or JPEG by content (415 otherwise), at most 5 MB each (413) and 40 megapixels (413). ' +
    'UPLOADS_PER_MINUTE calls per client IP and minute (429 with Retry-After). ' +
    'Each picture is turned upright, cover-cropped to a square of at most 512 px and re-encoded ' +
    'without metadata. `path` goes into `imageUrl`; uploads no user points at are removed after a day.';

  app.post(
    '/uploads',
    {
      config,
      onRequest: [app.authenticate],
      schema: {
        tags: ['uploads'],
        summary: 'Upload one picture',
        description: describe('file', false),
        consumes: ['multipart/form-data'],
        security: bearerSecurity,
        querystring: uploadQuerySchema,
        response: {
          201: envelope(uploadedFileSchema),
          ...errorResponses(400, 401, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const files = await readFiles(request, 'file', 1, 'Please upload one file at a time.');
      const [stored] = await uploads.store(
        request.query.dir,
        files,
        currentAuth(request).userId,
        requestOrigin(request),
      );
      return reply.code(201).send({ data: stored! });
    },
  );

  app.post(
    '/uploads/multiple',
    {
      config,
      onRequest: [app.authenticate],
      schema: {
        tags: ['uploads'],
        summary: 'Upload several pictures',
        description: describe('files', true),
        consumes: ['multipart/form-data'],
        security: bearerSecurity,
        querystring: uploadQuerySchema,
        response: {
          201: envelope(z.array(uploadedFileSchema)),
          ...errorResponses(400, 401, 403, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const files = await readFiles(
        request,
        'files',
        MAX_FILES_PER_UPLOAD,
        UPLOAD_MESSAGES.tooManyFiles,
      );
      const stored = await uploads.store(
        request.query.dir,
        files,
        currentAuth(request).userId,
        requestOrigin(request),
      );
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
          "Served with its stored content type, `nosniff`, a `default-src 'none'` CSP and a " +
          'year of caching (names are never reused). 404 for anything else.',
        params: z.object({ dir: z.string(), name: z.string() }),
      },
    },
    async (request, reply) => {
      const file = await uploads.read(request.params.dir, request.params.name);
      if (!file) throw notFound();
      return (
        reply
          .code(200)
          .headers(SERVED_FILE_HEADERS)
          // The stored name: generated, so it needs no escaping (RFC 6266).
          .header('content-disposition', `inline; filename="${request.params.name}"`)
          .type(file.contentType)
          .send(file.data)
      );
    },
  );
};
