import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The API base as the site resolves it under jsdom. */
export const API = `${window.location.origin}/api`;

/**
 * Answers the site's API calls in tests; each test adds the handlers it needs. Every profile
 * screen also lists the user's sessions: unless a test says otherwise, there are none. A page
 * that crashes reports it (the error screen): taken unless a test says otherwise.
 */
export const server = setupServer(
  http.get(`${API}/users/:id/sessions`, () => HttpResponse.json({ data: [] })),
  http.post(`${API}/monitoring/error-reports`, () =>
    HttpResponse.json({ data: null }, { status: 202 }),
  ),
);
