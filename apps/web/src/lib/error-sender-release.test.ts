import { waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { answer } from '../testing/http.js';
import { enqueueError, resetErrorSender } from './error-sender.js';

// A build defines the release (vite.config.ts); the site's tests run without one.
vi.mock('../config/release.js', () => ({ APP_RELEASE: '0.1.0+433a12c03137' }));

describe('error sender in a build', () => {
  it("sends the build's release with each report, for the server to map its stack", async () => {
    resetErrorSender();
    const calls = answer('post', '/monitoring/error-reports', () =>
      HttpResponse.json({ data: null }, { status: 202 }),
    );
    enqueueError(new TypeError('x is undefined'), 'error');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ type: 'TypeError', release: '0.1.0+433a12c03137' });
  });
});
