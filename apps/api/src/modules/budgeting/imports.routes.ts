import { isUtf8 } from 'node:buffer';
import fastifyMultipart from '@fastify/multipart';
import {
  BUDGETING_MESSAGES as M,
  COST_IMPORT_MAX_BYTES,
  costImportMappingSchema,
  costImportQuerySchema,
  type CostImportMapping,
} from '@staff-admin/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { budgeting, currentAuth } from '../../http/guards.js';
import { perMinuteRateLimit } from '../../http/rate-limits.js';
import { bearerSecurity, envelope, errorResponses, requestOrigin } from '../../http/schemas.js';
import { DomainError, invalid } from '../../lib/errors.js';
import { cleanFileName, parsed, PART_HIGH_WATER_MARK } from '../../http/multipart-reader.js';
import { costImportResultOut, idParams, importBatchOut } from './budgeting.schemas.js';
import type { ImportsService } from './imports.service.js';

const FILE_NAME_MAX_LENGTH = 200;
const MAPPING_MAX_BYTES = 4096;
const tooLarge = () =>
  new DomainError('too_large', M.fileTooLarge, { errors: { file: M.fileTooLarge } });

/** Refuses a file that is not text: NUL bytes or bytes that are not UTF-8. */
function assertText(bytes: Buffer): void {
  if (bytes.includes(0) || !isUtf8(bytes)) throw invalid(M.fileNotCsv, { file: M.fileNotCsv });
}

/** The form's `file` (held in memory: at most 10 MB) and its optional `mapping`. */
async function readImportForm(
  request: FastifyRequest,
): Promise<{ name: string; bytes: Buffer; mapping: CostImportMapping | undefined }> {
  if (!request.isMultipart()) throw invalid(M.fileRequired, { file: M.fileRequired });
  if (Number(request.headers['content-length']) > COST_IMPORT_MAX_BYTES + 64 * 1024) {
    throw tooLarge();
  }
  const parts = request.parts({
    fileHwm: PART_HIGH_WATER_MARK,
    limits: {
      fileSize: COST_IMPORT_MAX_BYTES,
      files: 1,
      fields: 2,
      fieldSize: MAPPING_MAX_BYTES,
      parts: 4,
      headerPairs: 20,
    },
  });
  let file: { name: string; bytes: Buffer } | undefined;
  let mappingText: string | undefined;
  try {
    for await (const part of parsed(parts, M.fileTooLarge)) {
      if (part.type === 'field') {
        if (part.fieldname === 'mapping' && typeof part.value === 'string') {
          mappingText = part.value;
        }
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of parsed<Buffer>(part.file, M.fileTooLarge)) chunks.push(chunk);
      if (part.file.truncated) throw tooLarge();
      if (part.fieldname === 'file') {
        const name = cleanFileName(part.filename, FILE_NAME_MAX_LENGTH);
        file = { name, bytes: Buffer.concat(chunks) };
      }
    }
  } catch (error) {
    // The uploads' size text speaks of pictures; a CSV over the limit gets this area's own.
    const code = error instanceof DomainError && (error.cause as { code?: unknown })?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (!file || file.bytes.length === 0) throw invalid(M.fileRequired, { file: M.fileRequired });
  if (!file.name.toLowerCase().endsWith('.csv'))
    throw invalid(M.fileNotCsv, { file: M.fileNotCsv });
  let mapping: CostImportMapping | undefined;
  if (mappingText !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(mappingText);
    } catch {
      throw invalid(M.mappingInvalid, { mapping: M.mappingInvalid });
    }
    const result = costImportMappingSchema.safeParse(json);
    if (!result.success) throw invalid(M.mappingInvalid, { mapping: M.mappingInvalid });
    mapping = result.data;
  }
  assertText(file.bytes);
  return { name: file.name, bytes: file.bytes, mapping };
}

/** Budgeting › Import: CSV of costs (dry run, commit), the batches, and undo. */
export const importsRoutes: FastifyPluginAsyncZod<{
  imports: ImportsService;
  /** UPLOADS_PER_MINUTE: an import is an upload, and reading one is the area's costliest call. */
  importsPerMinute: number;
}> = async (app, { imports, importsPerMinute }) => {
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  const guard = { onRequest: [app.authenticate, app.authorize(budgeting)] };

  app.post(
    '/projects/:id/costs/import',
    {
      ...guard,
      config: perMinuteRateLimit(importsPerMinute),
      bodyLimit: COST_IMPORT_MAX_BYTES + 64 * 1024,
      schema: {
        tags: ['budgeting'],
        summary: 'Import costs from a CSV file (dryRun=true: the preview, nothing changes)',
        description:
          'multipart/form-data: `file` (a .csv of UTF-8 text, at most 10 MB (413), 50,000 rows, ' +
          '50 columns and 10,000 characters a row: 400 at the first row past a limit) and ' +
          'optional `mapping` (JSON: field → column name; only the fields it lists are read). ' +
          'Without it, a column named like a field is used: date, category, description, ' +
          'amount, currency, person, hours, or the wizard’s labels and a few synonyms (cost, ' +
          'email, hrs), in any letter case or spacing. Dates are dd/mm/yyyy (day first, as a ' +
          'sheet saved in the UK writes them; a month first is never guessed) or YYYY-MM-DD, and ' +
          'are answered and kept as YYYY-MM-DD. The dry run answers ' +
          'each bad row’s errors. A commit records every row as one batch, or nothing: 400 if a ' +
          'row has errors, 409 if a row is in a closed month. UPLOADS_PER_MINUTE calls per ' +
          'client IP and minute (429).',
        security: bearerSecurity,
        params: idParams,
        querystring: costImportQuerySchema,
        response: {
          200: envelope(costImportResultOut),
          201: envelope(costImportResultOut),
          ...errorResponses(400, 401, 403, 404, 409, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const form = await readImportForm(request);
      const result = await imports.run(
        currentAuth(request).userId,
        request.params.id,
        { name: form.name, bytes: form.bytes },
        form.mapping,
        request.query.dryRun,
        requestOrigin(request),
      );
      return reply.code(result.dryRun ? 200 : 201).send({ data: result });
    },
  );

  app.get(
    '/projects/:id/import-batches',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'A project’s committed imports, newest first',
        security: bearerSecurity,
        params: idParams,
        response: { 200: envelope(z.array(importBatchOut)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await imports.batches(request.params.id) }),
  );

  app.delete(
    '/import-batches/:id',
    {
      ...guard,
      schema: {
        tags: ['budgeting'],
        summary: 'Undo an import: its costs are removed (409 if one is in a closed month)',
        security: bearerSecurity,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await imports.undo(currentAuth(request).userId, request.params.id, requestOrigin(request));
      return reply.code(204).send(null);
    },
  );
};
