import { describe, expect, it } from 'vitest';
import { isValidEmail, maskEmail, normalizeEmail } from './email.js';

describe('isValidEmail', () => {
  it.each([
    'a@b.co',
    'first.last@company.test',
    'x+tag@sub.domain.example',
    "o'brien@example.ie",
    `${'a'.repeat(64)}@example.com`,
    'admin@localhost',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['no top-level domain', 'a@b'],
    ['no top-level domain on another single-label host', 'admin@intranet'],
    ['no at sign', 'plainaddress'],
    ['empty local part', '@example.com'],
    ['empty domain', 'a@'],
    ['leading dot in local part', '.a@example.com'],
    ['double dot in local part', 'a..b@example.com'],
    ['numeric top-level domain', 'a@example.123'],
    ['one-letter top-level domain', 'a@example.c'],
    ['space', 'a b@example.com'],
    ['domain label starting with a hyphen', 'a@-example.com'],
    ['65-character local part', `${'a'.repeat(65)}@example.com`],
  ])('refuses %s', (_why, email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('accepts 254 characters overall and refuses 255', () => {
    const domainOf = (length: number) => {
      const labels: string[] = [];
      let left = length - 4; // room for ".com"
      while (left > 0) {
        const size = Math.min(63, left - (labels.length ? 1 : 0));
        labels.push('d'.repeat(size));
        left -= size + (labels.length > 1 ? 1 : 0);
      }
      return `${labels.join('.')}.com`;
    };
    const at254 = `${'a'.repeat(64)}@${domainOf(254 - 65)}`;
    const at255 = `${'a'.repeat(64)}@${domainOf(255 - 65)}`;
    expect(at254).toHaveLength(254);
    expect(at255).toHaveLength(255);
    expect(isValidEmail(at254)).toBe(true);
    expect(isValidEmail(at255)).toBe(false);
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Alice@Example.COM ')).toBe('alice@example.com');
  });
});

describe('maskEmail', () => {
  it.each([
    ['alice@example.com', 'a***@example.com'],
    ['a@example.com', 'a***@example.com'],
    ['admin@localhost', 'a***@localhost'],
    ['not-an-address', '***'],
  ])('masks %s as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
