import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

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

/**
 * Helmet with a strict CSP (no 'unsafe-inline' anywhere; inline styles need this response's
 * nonce), no-referrer, nosniff, and HSTS only when the public URL is https.
 */
export const securityHeadersPlugin = fp<{ https: boolean }>(
  async (app, { https }) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", (_req, res) => `'nonce-${nonceFor(res as ServerResponse)}'`],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
        },
      },
      referrerPolicy: { policy: 'no-referrer' },
      // frame-ancestors 'none' for browsers that still only read X-Frame-Options.
      frameguard: { action: 'deny' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
  },
  { name: 'security-headers' },
);
