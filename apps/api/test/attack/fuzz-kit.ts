import fc from 'fast-check';
import type { InjectOptions } from 'fastify';

/** What the fuzz tests share: how many runs, the hostile values, and a request to send. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);

/** Printable ASCII, up to `max` characters. */
export const printable = (max: number) =>
  fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${max}}$`));

/** Values known to break servers: traversal, injection, prototype keys, odd numbers and text. */
export const nasty = fc.constantFrom(
  '..',
  '../../etc/passwd',
  '%2e%2e%2f',
  '%2e%2e%2f%2e%2e%2f',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9'.repeat(400),
  'é'.repeat(100),
  '\u202e\u0301',
  '\uFEFF',
  '',
  'True',
  'False',
  'null',
);

/** Any JSON scalar, hostile ones included; strings up to `maxLength` when given. */
export const scalar = (maxLength?: number) =>
  fc.oneof(
    fc.string(maxLength === undefined ? {} : { maxLength }),
    nasty,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
  );

/** A request as the fuzz draws it, and the caller it is sent as. */
export interface FuzzedRequest<Auth extends string> {
  method: string;
  url: string;
  auth: Auth;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  contentType: string | undefined;
  body: string | Buffer | undefined;
}

/** The request for light-my-request, with the Authorization header its caller sends (if any). */
export function injectOptions<Auth extends string>(
  generated: FuzzedRequest<Auth>,
  authorization: string | undefined,
): InjectOptions {
  const headers: Record<string, string> = { ...generated.headers };
  if (authorization) headers.authorization = authorization;
  if (generated.contentType !== undefined) headers['content-type'] = generated.contentType;
  return {
    method: generated.method as InjectOptions['method'],
    url: generated.url,
    query: generated.query,
    headers,
    ...(generated.body === undefined ? {} : { payload: generated.body }),
  };
}
