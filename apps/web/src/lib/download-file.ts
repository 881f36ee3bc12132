import { api } from './api-client.js';

/** Hands `blob` to the browser as a download named `fileName`. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * Fetches a file from the API (the call needs the bearer token, so a plain link would not do)
 * and hands it to the browser as a download.
 */
export async function downloadFile(
  path: string,
  params: Record<string, unknown>,
  fileName: string,
): Promise<void> {
  // Bytes rather than a Blob, so that a refusal's JSON body can be read for its message.
  const { data, headers } = await api.get<ArrayBuffer>(path, {
    params,
    responseType: 'arraybuffer',
  });
  const type = headers['content-type'];
  saveBlob(new Blob([data], typeof type === 'string' ? { type } : {}), fileName);
}

/** Hands `text` to the browser as a plain-text download named `fileName`. */
export function downloadText(text: string, fileName: string): void {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
}

/** Hands `value` to the browser as an indented JSON download named `fileName`. */
export function downloadJson(value: unknown, fileName: string): void {
  saveBlob(
    new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }),
    fileName,
  );
}
