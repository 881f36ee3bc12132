import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { rssBytes } from './memory.mjs';

/**
 * A PNG of random noise (it does not compress) of about `bytes`, made with the server's own sharp.
 * @param {string} root
 * @param {number} bytes
 */
async function noisePng(root, bytes) {
  const sharp = createRequire(join(root, 'apps/api/package.json'))('sharp');
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  return /** @type {Buffer} */ (
    await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer()
  );
}

/**
 * `calls` concurrent calls to /api/uploads/multiple, each with `filesPerCall` noise PNGs of about
 * `fileBytes`, while the server's RSS is sampled every 25 ms: the peak during the burst, and the
 * RSS once it is over. The bench server raises the per-user caps so that every call is processed
 * (the worst case for memory: many users uploading at once).
 * @param {{ root: string, apiUrl: string, pid: number, accessToken: string,
 *   calls?: number, filesPerCall?: number, fileBytes?: number, log: (line: string) => void }} options
 */
export async function measureUploadBurst({
  root,
  apiUrl,
  pid,
  accessToken,
  calls = 10,
  filesPerCall = 2,
  fileBytes = 4_800_000,
  log,
}) {
  const png = await noisePng(root, fileBytes);
  log(`${calls} concurrent calls of ${filesPerCall} × ${(png.length / 1e6).toFixed(1)} MB`);
  const rssBeforeBytes = rssBytes(pid);
  let peakRssBytes = rssBeforeBytes;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakRssBytes = Math.max(peakRssBytes, rssBytes(pid));
      await sleep(25);
    }
  })();

  const upload = async () => {
    const form = new FormData();
    for (let i = 0; i < filesPerCall; i += 1) {
      form.append('files', new Blob([png], { type: 'image/png' }), `noise-${i}.png`);
    }
    const response = await fetch(`${apiUrl}/api/uploads/multiple?dir=users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
      body: form,
    });
    await response.arrayBuffer();
    return response.status;
  };
  const started = performance.now();
  const statuses = await Promise.all(Array.from({ length: calls }, upload));
  const burstMs = performance.now() - started;
  sampling = false;
  await sampler;
  const stored = statuses.filter((status) => status === 201).length;
  if (stored !== calls) throw new Error(`expected ${calls} uploads stored, got ${statuses}`);
  await sleep(1_000);
  return {
    calls,
    filesPerCall,
    fileBytes: png.length,
    burstMs,
    rssBeforeBytes,
    peakRssBytes,
    rssAfterBytes: rssBytes(pid),
  };
}
