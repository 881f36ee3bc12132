import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { median } from './stats.mjs';

/**
 * Resident set size of a process in bytes: /proc/<pid>/status on Linux, `ps` elsewhere.
 * @param {number} pid
 */
export function rssBytes(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
    if (kib) return Number(kib) * 1024;
  } catch {
    // not Linux: fall back to ps
  }
  const kib = execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  return Number(kib) * 1024;
}

/**
 * The median of a few RSS samples taken `intervalMs` apart.
 * @param {number} pid
 * @param {number} [samples]
 * @param {number} [intervalMs]
 */
export async function sampleRss(pid, samples = 5, intervalMs = 200) {
  /** @type {number[]} */
  const values = [];
  for (let i = 0; i < samples; i += 1) {
    if (i > 0) await sleep(intervalMs);
    values.push(rssBytes(pid));
  }
  return median(values);
}
