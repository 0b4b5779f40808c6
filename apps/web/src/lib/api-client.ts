import { API_KEY_HEADER, API_TIMEOUT_MS } from '@parlo/contract/constants';
import { env } from '@/config/env';

export type ApiErrorKind = 'http' | 'network' | 'timeout';

/** Every failed call rejects with this: the server's code, else the HTTP status, else 500 (spec §8). */
export class ApiError extends Error {
  readonly code: number | string;
  readonly status: number | undefined;
  readonly kind: ApiErrorKind;
  /** On a refused form: field name → i18n key of the rule it broke. */
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(
    code: number | string,
    message: string,
    kind: ApiErrorKind,
    status?: number,
    fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.kind = kind;
    this.status = status;
    this.fields = fields;
  }

  toJSON() {
    return { code: this.code, message: this.message };
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Registered by the auth feature, so this file never imports a feature. */
export type ApiAuthHandlers = {
  /** The token to send, refreshed first when it has expired; null when signed out. */
  getAccessToken: () => Promise<string | null>;
  /** Refreshes after a 401; resolves to the new token, or null when the session is gone. */
  refreshAccessToken: () => Promise<string | null>;
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** False for the calls that must not carry the Bearer token: sign-in and refresh. */
  auth?: boolean;
  /** False for calls whose 429 means a domain limit the caller shows itself. */
  rateLimitNotice?: boolean;
  signal?: AbortSignal;
};

export type ApiClientConfig = {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  fetch: typeof fetch;
  onRateLimited: () => void;
};

class TimeoutSignal extends Error {}

function buildUrl(baseUrl: string, path: string, query: RequestOptions['query']) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${baseUrl}${path}${search ? `?${search}` : ''}`;
}

function readFields(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Object.entries(value).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

function readServerError(body: unknown): {
  code?: number | string;
  message?: string;
  fields?: Record<string, string>;
} {
  if (typeof body !== 'object' || body === null) return {};
  const { code, message, fields } = body as Record<string, unknown>;
  return {
    code: typeof code === 'number' || typeof code === 'string' ? code : undefined,
    message: typeof message === 'string' ? message : undefined,
    fields: readFields(fields),
  };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(config: ApiClientConfig) {
  let authHandlers: ApiAuthHandlers | null = null;

  async function send(path: string, options: RequestOptions, token: string | null) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TimeoutSignal()), config.timeoutMs);
    const forwardAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', forwardAbort, { once: true });

    const headers: Record<string, string> = {
      [API_KEY_HEADER]: config.apiKey,
      Accept: 'application/json',
    };
    // Only a body has a content type: the server refuses an empty body announced as JSON.
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;

    try {
      const response = await config.fetch(buildUrl(config.baseUrl, path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'include',
        signal: controller.signal,
      });
      return { response, body: await readBody(response) };
    } catch (error) {
      if (controller.signal.reason instanceof TimeoutSignal) {
        throw new ApiError(500, 'timeout', 'timeout');
      }
      if (options.signal?.aborted) throw error;
      throw new ApiError(500, 'network_error', 'network');
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', forwardAbort);
    }
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const auth = options.auth === false ? null : authHandlers;
    const token = auth ? await auth.getAccessToken() : null;
    let result = await send(path, options, token);

    // One retry after a refresh (spec §8); sign-in and refresh themselves are never retried.
    if (result.response.status === 401 && auth) {
      const refreshed = await auth.refreshAccessToken();
      if (refreshed) result = await send(path, options, refreshed);
    }

    const { response, body } = result;
    if (response.ok) return body as T;

    if (response.status === 429 && options.rateLimitNotice !== false) config.onRateLimited();
    const server = readServerError(body);
    throw new ApiError(
      server.code ?? response.status,
      server.message ?? '',
      'http',
      response.status,
      server.fields,
    );
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
    setAuthHandlers(handlers: ApiAuthHandlers | null) {
      authHandlers = handlers;
    },
    /** The current access token, refreshed first when expired; null when signed out. */
    getAccessToken: (): Promise<string | null> =>
      authHandlers ? authHandlers.getAccessToken() : Promise.resolve(null),
    /** A forced refresh, for a token the realtime socket saw refused; null when it failed. */
    refreshAccessToken: (): Promise<string | null> =>
      authHandlers ? authHandlers.refreshAccessToken() : Promise.resolve(null),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const apiClient = createApiClient({
  baseUrl: '',
  apiKey: env.apiKey,
  timeoutMs: API_TIMEOUT_MS,
  fetch: (input, init) => globalThis.fetch(input, init),
  // Loaded on the first 429, not with the client: the prerendered sign-in page starts a sign-in
  // with this client before the app (and its state library) has loaded.
  onRateLimited: () =>
    void import('@/lib/rate-limit-notice').then(({ useRateLimitNotice }) =>
      useRateLimitNotice.getState().show(),
    ),
});
