import { describe, expect, it } from 'vitest';
import {
  isPublicAddress,
  refuseWebhookAddress,
} from '../../src/modules/alert-channels/webhook-address.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.251',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'fe80::1',
    'fd00::1',
    'ff02::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('refuseWebhookAddress', () => {
  const resolving =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('accepts a name only when every address it resolves to is public', async () => {
    const url = new URL('https://hooks.example.com/in');
    expect(await refuseWebhookAddress(url, resolving('93.184.215.14'))).toBeUndefined();
    expect(await refuseWebhookAddress(url, resolving('93.184.215.14', '10.0.0.1'))).toBe('private');
    expect(await refuseWebhookAddress(url, resolving('::1'))).toBe('private');
  });

  it('refuses a name that does not resolve', async () => {
    const url = new URL('https://nowhere.invalid/in');
    expect(await refuseWebhookAddress(url, resolving())).toBe('unresolvable');
    const failing = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await refuseWebhookAddress(url, failing)).toBe('unresolvable');
  });

  it('judges an address literal without resolving it', async () => {
    const never = async () => {
      throw new Error('resolved a literal');
    };
    expect(await refuseWebhookAddress(new URL('http://[::ffff:7f00:1]/'), never)).toBe('private');
    expect(await refuseWebhookAddress(new URL('http://93.184.215.14/'), never)).toBeUndefined();
  });
});
