import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { readdir, readFile } from 'node:fs/promises';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const mailDir = () => `${process.env.E2E_DATA_DIR}/mail`;

async function readMail(name: string): Promise<ReceivedMail> {
  const parsed = await simpleParser(await readFile(`${mailDir()}/${name}`));
  const to = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
  return {
    to: to.flatMap((a) => a.value.map((v) => v.address ?? '')).join(','),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
  };
}

/**
 * Each mail file parsed once per worker: the server writes a file whole and never changes it, and
 * by the end of a run hundreds of them lie there, which every poll of every test used to parse anew.
 */
const parsedMail = new Map<string, Promise<ReceivedMail>>();

async function allMail(): Promise<ReceivedMail[]> {
  const names = (await readdir(mailDir()).catch(() => [])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(
    names.map((name) => {
      let mail = parsedMail.get(name);
      if (!mail) {
        mail = readMail(name);
        parsedMail.set(name, mail);
        mail.catch(() => parsedMail.delete(name));
      }
      return mail;
    }),
  );
}

/** Mail the test SMTP server received for this address, in arrival order. */
export async function mailTo(address: string): Promise<ReceivedMail[]> {
  return (await allMail()).filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

/** Waits for the `count`-th mail to this address and returns it. */
export async function waitForMail(address: string, count = 1): Promise<ReceivedMail> {
  let mails: ReceivedMail[] = [];
  await expect
    .poll(async () => (mails = await mailTo(address)).length, {
      message: `mail number ${count} to ${address}`,
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(count);
  return mails[count - 1]!;
}

/** The site link in a mail (invitation or password reset), as a path the browser can open. */
export function linkIn(mail: ReceivedMail, kind: 'accept-invitation' | 'reset-password'): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s"<>]+/auth/${kind}\\?token=[^\\s"<>]+`));
  expect(match, `a ${kind} link in "${mail.subject}"`).not.toBeNull();
  const url = new URL(match![0]);
  return `${url.pathname}${url.search}`;
}
