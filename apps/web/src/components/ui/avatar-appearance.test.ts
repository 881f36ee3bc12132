import { describe, expect, it } from 'vitest';
import {
  AVATAR_NEUTRAL_COLOR,
  AVATAR_PALETTE,
  avatarColor,
  avatarInitial,
  significantName,
} from './avatar-appearance.js';

const NAMES = [
  'Alice Smith',
  'bob jones',
  'Charlotte Brontë',
  'Émile Zola',
  'สมชาย ใจดี',
  'เอกชัย ศรีสุข',
  'ไพโรจน์ วงศ์ใหญ่',
  '[Finance] Dana White (contractor)',
  'Zoë',
  'O’Neil Patrick',
  'x',
  ...Array.from({ length: 60 }, (_, index) => `Person ${index}`),
];

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('significantName', () => {
  it('drops parenthesised text and anything up to a closing square bracket', () => {
    expect(significantName('[Team] Alice (contractor)')).toBe('Alice');
    expect(significantName('Bob (ext) Stone')).toBe('Bob Stone');
    expect(significantName('[A] [B] Carol')).toBe('Carol');
    expect(significantName('  Dave   Lee ')).toBe('Dave Lee');
  });
});

describe('avatarInitial', () => {
  it('takes the first letter of the first word, upper-cased', () => {
    expect(avatarInitial('alice smith')).toBe('A');
    expect(avatarInitial('Émile Zola')).toBe('É');
    expect(avatarInitial('  zoë ')).toBe('Z');
    expect(avatarInitial('O’Neil Patrick')).toBe('O');
  });

  it('takes the first Thai consonant, past a leading vowel', () => {
    expect(avatarInitial('สมชาย ใจดี')).toBe('ส');
    expect(avatarInitial('เอกชัย ศรีสุข')).toBe('อ');
    expect(avatarInitial('ไพโรจน์ วงศ์ใหญ่')).toBe('พ');
  });

  it('ignores bracketed prefixes and parenthesised parts', () => {
    expect(avatarInitial('[Team] alice (contractor)')).toBe('A');
    expect(avatarInitial('(contractor)')).toBe('C');
  });

  it('is empty when there is no letter to show', () => {
    expect(avatarInitial('')).toBe('');
    expect(avatarInitial('   ')).toBe('');
    expect(avatarInitial('123 Bob')).toBe('');
    expect(avatarInitial('😀')).toBe('');
  });
});

describe('avatarColor', () => {
  it('is the neutral colour for an empty name', () => {
    expect(avatarColor('')).toBe(AVATAR_NEUTRAL_COLOR);
    expect(avatarColor('   ')).toBe(AVATAR_NEUTRAL_COLOR);
  });

  it('is deterministic and ignores case, spacing, tags and parenthesised parts', () => {
    const color = avatarColor('Alice Smith');
    expect(color).toMatch(/^#[0-9a-f]{6}$/);
    expect(avatarColor('Alice Smith')).toBe(color);
    expect(avatarColor('  alice   SMITH ')).toBe(color);
    expect(avatarColor('[Team] Alice Smith (contractor)')).toBe(color);
  });

  it('gives different names different colours', () => {
    const colors = new Set(NAMES.map(avatarColor));
    expect(colors.size).toBeGreaterThan(NAMES.length * 0.8);
  });

  it('is 75% of a palette colour and 25% of a dark hashed colour', () => {
    for (const name of NAMES) {
      const mixed = rgb(avatarColor(name));
      const explained = AVATAR_PALETTE.some((entry) => {
        const base = rgb(entry);
        const hashed = mixed.map((channel, i) => (channel - 0.75 * (base[i] ?? 0)) / 0.25);
        if (hashed.some((channel) => channel < -2 || channel > 257)) return false;
        const lightness = (Math.max(...hashed) + Math.min(...hashed)) / 2 / 255;
        return Math.abs(lightness - 0.3) < 0.02;
      });
      expect(explained, name).toBe(true);
    }
  });

  it('keeps white initials readable (contrast of at least 4.5:1)', () => {
    for (const entry of [...AVATAR_PALETTE, AVATAR_NEUTRAL_COLOR]) {
      expect(contrastWithWhite(entry), entry).toBeGreaterThanOrEqual(4.5);
    }
    for (const name of NAMES) {
      expect(contrastWithWhite(avatarColor(name)), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
