import { API_MESSAGES, VALIDATION_MESSAGES } from '@staff-admin/shared';
import type { FastifySchemaCompiler, RouteOptions } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySchemaCompiler<z.ZodType>>[0];

/** Enough fields to point at the problem; a body full of NULs does not make an answer as large. */
const MAX_REPORTED_FIELDS = 10;

/**
 * The one validator compiler (with `queryParametersListed`): every request part a route validates
 * (body, query, path parameters, headers) passes two rules before the route's own schema, so that
 * no field or route can miss them:
 * - no text holds U+0000 (NUL), in any string or object key at any depth: PostgreSQL refuses NUL
 *   in text, which was a 500 (and an error group) on every field without a check of its own;
 * - a query names only the parameters its schema lists: a mistyped `?dryrun=true` must not be
 *   ignored and let a preview commit.
 * Either answers 400 naming the field (or parameter) in `errors`, as any invalid field does.
 */
export function validatorCompiler(route: RouteSchema) {
  const parameters = route.httpPart === 'querystring' ? queryParameters(route) : null;
  const rules = z.unknown().superRefine((data, context) => {
    for (const path of nulPaths(data)) {
      context.addIssue({ code: 'custom', path, message: VALIDATION_MESSAGES.nulCharacter });
    }
    if (!parameters || typeof data !== 'object' || data === null) return;
    for (const name of Object.keys(data)) {
      if (!parameters.has(name)) {
        context.addIssue({ code: 'custom', path: [name], message: API_MESSAGES.unknownParameter });
      }
    }
  });
  return zodValidatorCompiler({ ...route, schema: rules.pipe(route.schema) });
}

/**
 * onRoute hook: a route of the API document without a query schema takes no parameters, so its
 * query is checked too (a preview flag on a call that has none must not be ignored either).
 * Hidden routes, the site's files and pages and the document's own, are left alone.
 */
export function queryParametersListed(route: RouteOptions): void {
  if (route.schema?.hide === true) return;
  route.schema = { ...route.schema, querystring: route.schema?.querystring ?? NO_PARAMETERS };
}

const NO_PARAMETERS = z.object({});

/** The parameter names a query schema lists; it must be an object (perhaps transformed). */
function queryParameters({ schema, method, url }: RouteSchema): ReadonlySet<string> {
  let object: z.ZodType = schema;
  while (object instanceof z.ZodPipe) object = object.in as z.ZodType;
  if (!(object instanceof z.ZodObject)) {
    throw new Error(`The query schema of ${method} ${url} must be a z.object()`);
  }
  return new Set(Object.keys(object.shape));
}

interface Step {
  value: unknown;
  key: PropertyKey;
  parent: Step | null;
}

/**
 * Where NUL occurs, as paths. Walked with a queue and parent links, not recursion and copied
 * paths: a 64 KB JSON body can nest tens of thousands of levels deep.
 */
function nulPaths(data: unknown): PropertyKey[][] {
  const found: PropertyKey[][] = [];
  const pending: Step[] = [{ value: data, key: '', parent: null }];
  for (let step = pending.pop(); step && found.length < MAX_REPORTED_FIELDS; step = pending.pop()) {
    const { value } = step;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push(pathOf(step));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const child = { value: item, key: Array.isArray(value) ? Number(key) : key, parent: step };
        if (key.includes('\u0000')) found.push(pathOf(child));
        else pending.push(child);
      }
    }
  }
  return found.slice(0, MAX_REPORTED_FIELDS);
}

function pathOf(step: Step): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Step | null = step; at?.parent; at = at.parent) path.push(at.key);
  return path.reverse();
}
