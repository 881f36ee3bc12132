import { TOAST_MESSAGES, type PersonalData } from '@staff-admin/shared';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../../testing/data.js';
import { answer, apiError, findToast } from '../../../testing/http.js';
import { renderApp } from '../../../testing/render-app.js';

const ME = createUser({ fullName: 'Alice Smith', email: 'alice@example.com' });

const MY_DATA: PersonalData = {
  exportedAt: '2026-11-25T10:30:00.000Z',
  user: ME,
  sessions: [
    {
      id: 'session-1',
      createdAt: '2026-11-20T09:00:00.000Z',
      lastUsedAt: '2026-11-25T10:00:00.000Z',
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      endedAt: null,
    },
  ],
  twoStep: { totp: false, recoveryCodesLeft: 0, passkeys: [] },
  auditEvents: [
    {
      id: 'event-1',
      at: '2026-11-20T09:00:00.000Z',
      action: 'auth.login_succeeded',
      actorId: ME.id,
      actorName: null,
      targetId: ME.id,
      ip: '203.0.113.7',
      userAgent: null,
      details: null,
    },
  ],
};

/** What a jsdom Blob holds, as text. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

describe('download my data', () => {
  // jsdom has no object URLs and does not download: both are stood in for.
  const saved: { blob: Blob; name: string }[] = [];
  let lastBlob: Blob | null = null;
  beforeEach(() => {
    saved.length = 0;
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        lastBlob = blob;
        return 'blob:my-data';
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (lastBlob) saved.push({ blob: lastBlob, name: this.download });
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('saves everything the site holds about me as a JSON file', async () => {
    const exports = answer('get', '/users/profile/export', () =>
      HttpResponse.json({ data: MY_DATA }),
    );
    const { user } = renderApp('/users/profile', { user: ME });
    const button = await screen.findByRole('button', { name: 'Download my data' });
    expect(screen.getByRole('heading', { level: 2, name: 'Your data' })).toBeVisible();
    expect(button).toHaveAccessibleDescription(
      /^Download everything this site holds about you as a JSON file: your profile, your signed-in sessions/,
    );

    await user.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exports).toHaveLength(1);
    expect(saved[0]!.name).toBe('my-data-2026-11-25.json');
    expect(saved[0]!.blob.type).toBe('application/json');
    // The file holds the data itself, not the API's envelope.
    expect(JSON.parse(await readBlob(saved[0]!.blob))).toEqual(MY_DATA);
    expect(button).toHaveFocus();
  });

  it('says when the data cannot be downloaded', async () => {
    answer('get', '/users/profile/export', () =>
      apiError(429, 'Too many attempts. Please try again later.'),
    );
    const { user } = renderApp('/users/profile', { user: ME });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await findToast('Too many attempts. Please try again later.')).toBeVisible();
    expect(saved).toEqual([]);
    expect(screen.queryByText(TOAST_MESSAGES.fallbackError)).toBeNull();
  });
});
