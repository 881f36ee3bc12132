import { waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../testing/http.js';
import { storeTokens } from '../testing/session.js';
import { installErrorReporter, reportError } from './error-reporter.js';
import { resetErrorSender } from './error-sender.js';

let uninstall: () => void = () => {};

beforeEach(() => {
  resetErrorSender();
  uninstall = installErrorReporter();
  window.history.replaceState(null, '', '/auth/reset-password?token=SECRET');
});
afterEach(() => uninstall());

const accepted = () => HttpResponse.json({ data: null }, { status: 202 });

describe('error reporter', () => {
  it('reports an uncaught error with its stack, the page path only and the bearer', async () => {
    storeTokens('the-access-token');
    const calls = answer('post', '/monitoring/error-reports', accepted);
    const error = new TypeError('x is undefined');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({
      kind: 'error',
      type: 'TypeError',
      message: 'x is undefined',
      stack: expect.stringContaining('x is undefined'),
      url: '/auth/reset-password',
    });
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer the-access-token');
  });

  it('reports an unhandled rejection, and the same error only once', async () => {
    const calls = answer('post', '/monitoring/error-reports', accepted);
    const reason = new Error('request failed');
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(rejection, { reason, promise: Promise.resolve() });
    window.dispatchEvent(rejection);
    reportError(reason, 'unhandledrejection');
    reportError('a plain string', 'unhandledrejection');

    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls.map((call) => call.body)).toEqual([
      expect.objectContaining({ kind: 'unhandledrejection', message: 'request failed' }),
      expect.objectContaining({ type: 'Error', message: 'a plain string' }),
    ]);
  });

  it('sends what could not go with sendBeacon when the page is hidden', async () => {
    const beacon = vi.fn<(url: string, data: Blob) => boolean>(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const held = answer('post', '/monitoring/error-reports', () => HttpResponse.error());
    reportError(new Error('offline'), 'error');
    await waitFor(() => expect(held).toHaveLength(1));

    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledOnce();
    const [url, body] = beacon.mock.calls[0]!;
    expect(url).toBe(`${window.location.origin}/api/monitoring/error-reports`);
    expect(body.type).toBe('application/json');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(body);
    });
    expect(JSON.parse(text)).toMatchObject({ message: 'offline' });
  });
});
