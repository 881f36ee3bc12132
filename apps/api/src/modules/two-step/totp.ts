import * as OTPAuth from 'otpauth';
import {
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_STEPS,
} from '@staff-admin/shared';

/** 160 bits, as RFC 4226 recommends for SHA-1. */
const SECRET_BYTES = 20;

const totpFor = (secretBase32: string, email: string) =>
  new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });

/** A new random secret, base 32. */
export const newTotpSecret = (): string => new OTPAuth.Secret({ size: SECRET_BYTES }).base32;

/** The 30-second step a time falls in. */
export const totpStep = (epochMs: number): number =>
  Math.floor(epochMs / 1000 / TOTP_PERIOD_SECONDS);

/**
 * The step a code belongs to, within one step either side of `now`; undefined when the code fits
 * none of them. Whether that step was used already (replay) is the caller's check.
 */
export function matchTotpStep(secretBase32: string, code: string, now: number): number | undefined {
  const delta = totpFor(secretBase32, '').validate({
    token: code,
    timestamp: now,
    window: TOTP_WINDOW_STEPS,
  });
  return delta === null ? undefined : totpStep(now) + delta;
}

/** The otpauth:// URL an authenticator app reads, and the same as a QR code (SVG data URL). */
export async function totpEnrolment(
  secretBase32: string,
  email: string,
): Promise<{ otpauthUrl: string; qrCode: string }> {
  const otpauthUrl = totpFor(secretBase32, email).toString();
  // Loaded when first needed: only setting up an authenticator draws a QR code.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(otpauthUrl, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  return {
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
  };
}
