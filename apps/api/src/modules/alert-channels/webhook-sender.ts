import type { LookupAddress, LookupOneOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress, refuseWebhookAddress, resolveAll, urlHost } from './webhook-address.js';

/** How long one attempt may take, connection included. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Longest part of a receiver's answer kept in the log's error (the body is read no further). */
const ANSWER_SNIPPET = 200;

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A receiver's answer: any status (a redirect is an answer too: it is never followed). */
export interface WebhookAnswer {
  statusCode: number;
  /** The start of the answer's body, for the log when the status is not 2xx. */
  snippet: string;
}

export class WebhookAddressRefused extends Error {
  override name = 'WebhookAddressRefused';
}

export type WebhookSender = (
  request: WebhookRequest,
  signal: AbortSignal,
) => Promise<WebhookAnswer>;

/**
 * The address check happens where the connection is made: the socket's own lookup refuses a host
 * that resolves to a non-public address, so a DNS answer that changed since the URL was saved (or
 * between a check and the connection) cannot reach an internal address.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  resolveAll(hostname).then(
    (addresses) => {
      const refused = addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused || addresses.length === 0) {
        callback(new WebhookAddressRefused(`${hostname} resolves to a non-public address`), '', 0);
        return;
      }
      const wanted = (options as LookupOneOptions).family;
      const usable = addresses.filter((entry: LookupAddress) => !wanted || wanted === entry.family);
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, usable);
        return;
      }
      const first = usable[0] ?? addresses[0]!;
      callback(null, first.address, first.family);
    },
    (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
  );
};

/**
 * Posts one webhook with Node's HTTP client: no redirect is followed, the whole attempt is bounded
 * by WEBHOOK_TIMEOUT_MS (and `signal`), and unless `allowPrivate` only public addresses are
 * reached (ALERT_WEBHOOK_ALLOW_PRIVATE).
 */
export function createWebhookSender({ allowPrivate }: { allowPrivate: boolean }): WebhookSender {
  return async (request, signal) => {
    const url = new URL(request.url);
    if (!allowPrivate && (await refuseWebhookAddress(url))) {
      throw new WebhookAddressRefused(`${urlHost(url)} is not a public address`);
    }
    const client = url.protocol === 'https:' ? https : http;
    const timeout = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
    return new Promise<WebhookAnswer>((resolve, reject) => {
      const outgoing = client.request(
        url,
        {
          method: 'POST',
          headers: {
            ...request.headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(request.body)),
            'user-agent': 'Staff-Admin-Webhooks/1',
          },
          signal: AbortSignal.any([signal, timeout]),
          ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
        },
        (answer) => {
          const chunks: Buffer[] = [];
          let size = 0;
          answer.on('data', (chunk: Buffer) => {
            if (size < ANSWER_SNIPPET) chunks.push(chunk);
            size += chunk.length;
          });
          answer.on('end', () =>
            resolve({
              statusCode: answer.statusCode ?? 0,
              snippet: Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_SNIPPET),
            }),
          );
          answer.on('error', reject);
        },
      );
      outgoing.on('error', (error) =>
        reject(timeout.aborted ? new Error(`no answer within ${WEBHOOK_TIMEOUT_MS} ms`) : error),
      );
      outgoing.end(request.body);
    });
  };
}
