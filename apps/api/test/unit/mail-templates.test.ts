import { describe, expect, it } from 'vitest';
import { html } from '../../src/lib/html.js';
import { createSealedBox } from '../../src/lib/sealed-box.js';
import { retryDelayMs } from '../../src/lib/outbox-worker.js';
import {
  expiryNotice,
  formatTtl,
  formatUtc,
  invitationMail,
  passwordChangedMail,
  passwordResetMail,
  testMail,
} from '../../src/modules/mail/mail.templates.js';

const EXPIRES = new Date('2025-08-28T14:05:09.000Z');
const LINK = {
  url: 'https://staff.example.com/auth/accept-invitation?token=abc_DEF-123',
  ttlMs: 7 * 86_400_000,
  expiresAt: EXPIRES,
};

describe('formatTtl', () => {
  it('names the lifetime in the largest whole unit', () => {
    expect(formatTtl(7 * 86_400_000)).toBe('7 days');
    expect(formatTtl(86_400_000)).toBe('1 day');
    expect(formatTtl(3_600_000)).toBe('1 hour');
    expect(formatTtl(36 * 3_600_000)).toBe('36 hours');
    expect(formatTtl(90 * 60_000)).toBe('90 minutes');
    expect(formatTtl(15 * 60_000)).toBe('15 minutes');
    expect(formatTtl(30_000)).toBe('30 seconds');
    expect(formatTtl(1_000)).toBe('1 second');
    expect(formatTtl(1_500)).toBe('2 seconds');
    expect(formatTtl(300)).toBe('less than a second');
  });
});

describe('formatUtc and expiryNotice', () => {
  it('writes the instant in UTC, whatever the server time zone', () => {
    expect(formatUtc(EXPIRES)).toBe('28 Aug 2025 at 14:05 UTC');
    expect(formatUtc(new Date('2026-01-05T03:07:00Z'))).toBe('5 Jan 2026 at 03:07 UTC');
    expect(expiryNotice(LINK)).toBe('This link expires in 7 days (on 28 Aug 2025 at 14:05 UTC).');
  });
});

describe('invitationMail', () => {
  it('carries the product, the inviter, the link and its expiry in both parts', () => {
    const mail = invitationMail({
      email: 'new@example.com',
      recipientName: 'Nina New',
      inviterName: 'Ada Admin',
      link: LINK,
    });
    expect(mail.subject).toBe('You are invited to Staff Admin');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Staff Admin');
      expect(part).toContain('Ada Admin invited you');
      expect(part).toContain('new@example.com');
      expect(part).toContain('This link expires in 7 days (on 28 Aug 2025 at 14:05 UTC).');
    }
    expect(mail.text).toContain(`Set up your account:\n${LINK.url}\n`);
    expect(mail.text.startsWith('Hello Nina New,\n')).toBe(true);
    expect(mail.html).toContain(`<a href="${LINK.url}"`);
    expect(mail.html).toMatch(/^<!doctype html>/);
  });

  it('does without names', () => {
    const mail = invitationMail({
      email: 'new@example.com',
      recipientName: null,
      inviterName: null,
      link: LINK,
    });
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
    expect(mail.text).toContain('You have been invited to Staff Admin');
    expect(mail.html).not.toContain('null');
  });

  it('escapes every interpolated value in the HTML', () => {
    const mail = invitationMail({
      email: "o'neil@example.com",
      recipientName: '<img src=x onerror=alert(1)>',
      inviterName: 'Eve "the" <b>Admin</b> & co',
      link: {
        ...LINK,
        url: 'https://staff.example.com/auth/accept-invitation?token=a&x="><script>',
      },
    });
    expect(mail.html).not.toMatch(/<img|<b>|<script>/);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('Eve &quot;the&quot; &lt;b&gt;Admin&lt;/b&gt; &amp; co');
    expect(mail.html).toContain('o&#39;neil@example.com');
    expect(mail.html).toContain('token=a&amp;x=&quot;&gt;&lt;script&gt;');
    // The text part is not HTML and keeps the names as written.
    expect(mail.text).toContain('Hello <img src=x onerror=alert(1)>,');
  });
});

describe('passwordResetMail', () => {
  it('carries the link and its one-hour expiry', () => {
    const url = 'https://staff.example.com/auth/reset-password?token=xyz';
    const mail = passwordResetMail({
      email: 'rosa@example.com',
      recipientName: 'Rosa',
      link: { url, ttlMs: 3_600_000, expiresAt: EXPIRES },
    });
    expect(mail.subject).toBe('Reset your Staff Admin password');
    expect(mail.text).toContain(`Reset your password:\n${url}\n`);
    expect(mail.text).toContain('This link expires in 1 hour (on 28 Aug 2025 at 14:05 UTC).');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain('your password stays as it is');
  });
});

describe('passwordChangedMail', () => {
  it('says when, and where to go if it was not them', () => {
    const mail = passwordChangedMail({
      email: 'cara@example.com',
      recipientName: 'Cara',
      changedAt: EXPIRES,
      forgotPasswordUrl: 'https://staff.example.com/auth/forgot-password',
    });
    expect(mail.subject).toBe('Your Staff Admin password was changed');
    expect(mail.text).toContain('(cara@example.com) was changed on 28 Aug 2025 at 14:05 UTC.');
    expect(mail.text).toContain('https://staff.example.com/auth/forgot-password');
    expect(mail.text).not.toContain('expires');
  });
});

describe('html', () => {
  it('escapes values, keeps nested fragments and renders lists and empty values', () => {
    const inner = html`<b>${'<i>'}</b>`;
    const list = ['<a>', html`<br />`];
    // prettier-ignore
    const out = html`<p title="${'"'}">${inner}${list}${null}${undefined}${false}${0}</p>`;
    expect(out.value).toBe('<p title="&quot;"><b>&lt;i&gt;</b>&lt;a&gt;<br />0</p>');
  });
});

describe('createSealedBox', () => {
  const box = createSealedBox('a-secret-of-at-least-32-bytes-for-tests', 'mail-outbox');

  it('opens what it sealed, with a fresh IV every time', () => {
    const first = box.seal('the link https://x/?token=abc');
    const second = box.seal('the link https://x/?token=abc');
    expect(first).not.toBe(second);
    expect(first).not.toContain('token');
    expect(box.open(first)).toBe('the link https://x/?token=abc');
  });

  it('refuses altered values and values sealed with another key or purpose', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const flipped = parts[3]?.startsWith('A') ? `B${parts[3].slice(1)}` : `A${parts[3]?.slice(1)}`;
    expect(() => box.open([parts[0], parts[1], parts[2], flipped].join('.'))).toThrow();
    expect(() => box.open('not sealed')).toThrow();
    const otherPurpose = createSealedBox('a-secret-of-at-least-32-bytes-for-tests', 'other');
    expect(() => otherPurpose.open(sealed)).toThrow();
    const otherSecret = createSealedBox('another-secret-of-at-least-32-bytes!!', 'mail-outbox');
    expect(() => otherSecret.open(sealed)).toThrow();
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base per failure and stops at the cap', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7, 8, 9, 50].map((n) => retryDelayMs(n, 5_000, 600_000));
    expect(delays).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 600_000, 600_000, 600_000,
    ]);
  });
});

describe('testMail', () => {
  it('says what it is, for whom and when, links to Monitoring › Mail and carries no token', () => {
    const mail = testMail({
      email: 'ada@example.com',
      recipientName: 'Ada Admin',
      sentAt: EXPIRES,
      monitoringUrl: 'https://staff.example.com/monitoring/mail',
    });
    expect(mail.subject).toBe('Staff Admin test mail');
    expect(mail.text).toContain('Hello Ada Admin,');
    expect(mail.text).toContain('queued on 28 Aug 2025 at 14:05 UTC');
    expect(mail.text).toContain('for ada@example.com');
    expect(mail.text).toContain('https://staff.example.com/monitoring/mail');
    expect(mail.text).not.toContain('token=');
    expect(mail.html).toContain('href="https://staff.example.com/monitoring/mail"');
  });
});
