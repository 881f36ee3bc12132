import type { FastifySchemaCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySchemaCompiler<z.ZodType>>[0];
type Serialize = (data: unknown) => string;

/** One serializer per schema, shared by every route and app (tests build many) that answer with it. */
const compiled = new WeakMap<object, Serialize>();

/**
 * Answers are written by fast-json-stringify (Fastify's own serializer), compiled from the JSON
 * Schema of the route's zod schema, as zod itself converts it: only the schema's properties go
 * out, so nothing a service adds by mistake leaves the server. Zod no longer checks every answer
 * again, which cost more than writing the JSON (docs/performance.md). A schema that JSON Schema
 * cannot express (a Date, say) is still encoded by zod.
 *
 * Each schema is compiled when it first answers, not when the route is registered: compiling all
 * of them at once made every start of the server slower (by about a second on a loaded machine).
 */
export function serializerCompiler(route: RouteSchema): Serialize {
  let serialize: Serialize | undefined;
  return (data) => {
    serialize ??= compile(route);
    return serialize(data);
  };
}

function compile(route: RouteSchema): Serialize {
  const known = compiled.get(route.schema);
  if (known) return known;
  let jsonSchema: object;
  try {
    jsonSchema = z.toJSONSchema(route.schema, { io: 'output', target: 'draft-7' });
  } catch {
    return zodSerializerCompiler(route);
  }
  const serialize = fastJsonStringify(jsonSchema);
  compiled.set(route.schema, serialize);
  return serialize;
}
