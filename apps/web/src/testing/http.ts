import { File as NodeFile } from 'node:buffer';
import { TWO_STEP_MESSAGES } from '@staff-admin/shared';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, server } from './server.js';

/** One call the site made: its URL, headers and body (parsed JSON, FormData, or null). */
export interface RecordedCall {
  url: URL;
  headers: Headers;
  body: unknown;
}

type Method = 'get' | 'post' | 'patch' | 'delete';
type Answer = (call: RecordedCall) => Response | Promise<Response>;

/**
 * Newer Node lines (26 here) parse a multipart body with whatever `File` the global holds at the
 * time and then check each part against Node's own class; the jsdom environment puts jsdom's
 * `File` on the global, so the parse fails. Parse with Node's `File` in place, as the fix
 * proposed to Vitest's jsdom environment does (vitest-dev/vitest#11300). The parts' bytes are not
 * to be trusted on every line (Node 24's fetch cannot read jsdom's files): tests check the file
 * where the site puts it in the form.
 */
async function readFormData(request: Request): Promise<FormData> {
  const jsdomFile = globalThis.File;
  globalThis.File = NodeFile as unknown as typeof File;
  try {
    return await request.formData();
  } finally {
    globalThis.File = jsdomFile;
  }
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.includes('multipart/form-data')) return readFormData(request);
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/** Answers `method API+path` with `answer` and records every call, in order. */
export function answer(
  method: Method,
  path: string,
  respond: Answer = () => HttpResponse.json({ data: null }),
): RecordedCall[] {
  const calls: RecordedCall[] = [];
  server.use(
    http[method](`${API}${path}`, async ({ request }) => {
      const call = {
        url: new URL(request.url),
        headers: request.headers,
        body: await readBody(request),
      };
      calls.push(call);
      return respond(call);
    }),
  );
  return calls;
}

/** The contract's error body with its status. */
export const apiError = (code: number, message: string, errors?: Record<string, string>) =>
  HttpResponse.json({ code, message, ...(errors ? { errors } : {}) }, { status: code });

/** The 403 a sensitive call answers when the password was not entered recently. */
export const reauthenticationRequired = () =>
  HttpResponse.json(
    {
      code: 403,
      message: TWO_STEP_MESSAGES.reauthenticationRequired,
      reason: 'reauthentication_required',
    },
    { status: 403 },
  );

/** A promise the test resolves when it wants a held answer to go out. */
export function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** The toasts' live region, which mounts once the page is shown and the browser is idle. */
export const findToasts = () => screen.findByRole('region', { name: /notifications/i });

/** A toast saying `text`, once it shows. */
export const findToast = async (text: string) => within(await findToasts()).findByText(text);
