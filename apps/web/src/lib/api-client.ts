import {
  API_MESSAGES,
  TOAST_MESSAGES,
  type AccessReason,
  type ApiErrorBody,
  type ApiSuccess,
  type TokenPair,
} from '@staff-admin/shared';
import axios, { type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { API_BASE_URL } from '../config/app.js';
import { isApiError } from './api-error.js';
import { getAccessToken, getRefreshToken, setTokens, signOut } from './session.js';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on a request replayed after a token refresh, so a second 401 is final. */
    replayedAfterRefresh?: boolean;
  }
}

export const api = axios.create({
  baseURL: API_BASE_URL,
  headers: { Accept: 'application/json' },
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
});

const LOGIN_PATH = '/auth/login';
const REFRESH_PATH = '/auth/refresh-token/';

/** Login and refresh answer 401 for their own reasons; refreshing on them would loop. */
function isSessionCall(url: string | undefined): boolean {
  return url === LOGIN_PATH || (url?.startsWith(REFRESH_PATH) ?? false);
}

function bearerOf(config: InternalAxiosRequestConfig): string | null {
  const header = config.headers.get('Authorization');
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
}

/** A download's answer (responseType 'arraybuffer') holds even its error body as bytes. */
function readBody(data: unknown): unknown {
  if (!(data instanceof ArrayBuffer)) return data;
  try {
    return JSON.parse(new TextDecoder().decode(data));
  } catch {
    return null;
  }
}

/** Every failure with a response rejects with the server's error body (CONTRACT §2). */
function toErrorBody(response: AxiosResponse): ApiErrorBody {
  const data = readBody(response.data);
  if (isApiError(data)) return data;
  return { code: response.status, message: TOAST_MESSAGES.fallbackError };
}

type AccessRefusedListener = (reason: AccessReason) => void;
const accessRefusedListeners = new Set<AccessRefusedListener>();

/**
 * Tells `listener` why each call of the signed-in user refused with a reason was refused (403
 * `reason`: two-step set-up or re-authentication required), so that what acts on it (the two-step
 * set-up flag) needs nothing from the client but this. Returns the unsubscribe.
 */
export function onAccessRefused(listener: AccessRefusedListener): () => void {
  accessRefusedListeners.add(listener);
  return () => accessRefusedListeners.delete(listener);
}

let refreshInFlight: Promise<string> | null = null;

async function requestNewTokens(): Promise<string> {
  const refreshToken = getRefreshToken();
  try {
    if (!refreshToken) throw { code: 401, message: API_MESSAGES.sessionEnded };
    const { data } = await api.post<ApiSuccess<TokenPair>>(
      `${REFRESH_PATH}${encodeURIComponent(refreshToken)}`,
    );
    setTokens(data.data);
    return data.data.access_token;
  } catch (error) {
    signOut();
    throw error;
  }
}

/**
 * The access token to replay a request with after its 401. One refresh runs at a time and
 * every request failing meanwhile waits for it; a request that was sent with an older token
 * than the stored one simply takes the stored one.
 */
function accessTokenAfter401(config: InternalAxiosRequestConfig): Promise<string> | null {
  if (refreshInFlight) return refreshInFlight;
  const stored = getAccessToken();
  if (stored === null) return null;
  if (stored !== bearerOf(config)) return Promise.resolve(stored);
  refreshInFlight = requestNewTokens().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

api.interceptors.request.use((config) => {
  const token = getAccessToken();
  if (token && !config.headers.has('Authorization')) {
    config.headers.set('Authorization', `Bearer ${token}`);
  }
  return config;
});

api.interceptors.response.use(undefined, async (error: unknown) => {
  // No response (network failure, cancellation): keep axios' own error.
  if (!axios.isAxiosError(error) || !error.response) throw error;
  const { config, response } = error;
  if (
    response.status === 401 &&
    config &&
    !config.replayedAfterRefresh &&
    !isSessionCall(config.url)
  ) {
    const pendingToken = accessTokenAfter401(config);
    if (pendingToken) {
      const token = await pendingToken;
      config.replayedAfterRefresh = true;
      config.headers.set('Authorization', `Bearer ${token}`);
      return api.request(config);
    }
  }
  const body = toErrorBody(response);
  const { reason } = body;
  if (body.code === 403 && reason) for (const listener of accessRefusedListeners) listener(reason);
  throw body;
});
