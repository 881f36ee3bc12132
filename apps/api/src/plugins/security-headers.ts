import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const styleNonces = new WeakMap<ServerResponse, string>();

/** This response's style nonce: the value in its CSP header and in the site's `<style>` tags. */
export function styleNonce(reply: FastifyReply): string {
  return nonceFor(reply.raw);
}

function nonceFor(response: ServerResponse): string {
  let nonce = styleNonces.get(response);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    styleNonces.set(response, nonce);
  }
  return nonce;
}

/** The site's CSP around its nonce: inline styles need this response's nonce, nothing else inline. */
const SITE_CSP_START = "default-src 'self';script-src 'self';style-src 'self' 'nonce-";
const SITE_CSP_END =
  "';img-src 'self' data: blob:;font-src 'self';connect-src 'self';object-src 'none';" +
  "base-uri 'none';frame-ancestors 'none';form-action 'self'";

/**
 * A JSON answer loads nothing and is framed by nobody: the strictest CSP, the same string for
 * every answer (no nonce to draw, no policy to build on the API's hot path).
 */
export const JSON_CSP =
  "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'";

const isJson = (contentType: unknown) =>
  typeof contentType === 'string' && contentType.startsWith('application/json');

/**
 * The headers helmet sets with these options. They are the same for every answer, so they are
 * worked out once, by helmet itself, and not by running its middleware on every request (as
 * @fastify/helmet does, building the middleware anew each time: about 4 % of a profile call's CPU).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return Object.freeze(headers);
}

/**
 * Helmet for no-referrer, nosniff, frame denial and HSTS only when the public URL is https; the
 * CSP is set here, once the answer's type is known: JSON_CSP for JSON, otherwise the site's strict
 * CSP (no 'unsafe-inline' anywhere; inline styles need this response's nonce). A route that sets
 * its own CSP (uploaded pictures) keeps it.
 */
export const securityHeadersPlugin = fp<{ https: boolean }>(
  async (app, { https }) => {
    const headers = helmetHeaders({
      contentSecurityPolicy: false,
      referrerPolicy: { policy: 'no-referrer' },
      // frame-ancestors 'none' for browsers that still only read X-Frame-Options.
      frameguard: { action: 'deny' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    app.addHook('onSend', async (_request, reply) => {
      if (reply.hasHeader('content-security-policy')) return;
      reply.header(
        'content-security-policy',
        isJson(reply.getHeader('content-type'))
          ? JSON_CSP
          : `${SITE_CSP_START}${nonceFor(reply.raw)}${SITE_CSP_END}`,
      );
    });
  },
  { name: 'security-headers' },
);
