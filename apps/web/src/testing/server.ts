import { setupServer } from 'msw/node';

/** Answers the site's API calls in tests; each test adds the handlers it needs. */
export const server = setupServer();

/** The API base as the site resolves it under jsdom. */
export const API = `${window.location.origin}/api`;
