import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiClient, createApiClient, type ApiClientConfig } from '@/lib/api-client';
import { useRateLimitNotice } from '@/lib/rate-limit-notice';

type FakeFetch = ApiClientConfig['fetch'] & ReturnType<typeof vi.fn>;

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status });
}

function setup(...responses: (Response | (() => Promise<Response>))[]) {
  const fetch = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => {
    const next = responses.shift();
    if (!next) throw new Error('No more fake responses');
    return typeof next === 'function' ? next() : Promise.resolve(next);
  }) as FakeFetch;
  const onRateLimited = vi.fn();
  const client = createApiClient({
    baseUrl: 'https://parlo.test',
    apiKey: 'key-123',
    timeoutMs: 15_000,
    fetch,
    onRateLimited,
  });
  const call = (index = 0) => {
    const [url, init] = fetch.mock.calls[index] as [string, RequestInit];
    return { url, init, headers: init.headers as Record<string, string> };
  };
  return { client, fetch, onRateLimited, call };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('Expected the call to fail');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('api client requests', () => {
  it('sends the API key, JSON content type and credentials to the same origin path', async () => {
    const { client, call } = setup(json(200, { ok: true }));
    await expect(client.post('/api/v1/match/find', { languageCode: 'en' })).resolves.toEqual({
      ok: true,
    });
    const { url, init, headers } = call();
    expect(url).toBe('https://parlo.test/api/v1/match/find');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"languageCode":"en"}');
    expect(headers['x-api-key']).toBe('key-123');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('announces no content type for a call without a body', async () => {
    const { client, call } = setup(json(200, { accessToken: 't', accessExpiresAt: 'x' }));
    await client.post('/api/v1/auth/refresh', undefined, { auth: false });
    expect(call().init.body).toBeUndefined();
    expect(call().headers['Content-Type']).toBeUndefined();
    expect(call().headers['x-api-key']).toBe('key-123');
  });

  it('adds query parameters and skips empty ones', async () => {
    const { client, call } = setup(json(200, []));
    await client.get('/api/v1/sessions', { query: { page: 2, pageSize: 10, language: undefined } });
    expect(call().url).toBe('https://parlo.test/api/v1/sessions?page=2&pageSize=10');
  });

  it('resolves to undefined for an empty body', async () => {
    const { client } = setup(new Response(null, { status: 204 }));
    await expect(client.post('/api/v1/auth/signout')).resolves.toBeUndefined();
  });

  it('uses the same origin by default', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, {}));
    await apiClient.get('/health', { auth: false });
    expect(fetch).toHaveBeenCalledWith('/health', expect.anything());
    fetch.mockRestore();
  });
});

describe('api client Bearer token', () => {
  it('adds the registered token to ordinary calls', async () => {
    const { client, call } = setup(json(200, {}));
    client.setAuthHandlers({
      getAccessToken: () => Promise.resolve('tok-1'),
      refreshAccessToken: () => Promise.resolve(null),
    });
    await client.get('/api/v1/users/me');
    expect(call().headers.Authorization).toBe('Bearer tok-1');
  });

  it('leaves the token off sign-in and refresh calls', async () => {
    const { client, call } = setup(json(200, {}));
    const getAccessToken = vi.fn(() => Promise.resolve('tok-1'));
    client.setAuthHandlers({ getAccessToken, refreshAccessToken: () => Promise.resolve(null) });
    await client.post('/api/v1/auth/refresh', undefined, { auth: false });
    expect(call().headers.Authorization).toBeUndefined();
    expect(getAccessToken).not.toHaveBeenCalled();
  });

  it('sends no Authorization header when signed out', async () => {
    const { client, call } = setup(json(200, {}));
    client.setAuthHandlers({
      getAccessToken: () => Promise.resolve(null),
      refreshAccessToken: () => Promise.resolve(null),
    });
    await client.get('/api/v1/languages');
    expect(call().headers.Authorization).toBeUndefined();
  });

  it('refreshes once after a 401 and retries with the new token', async () => {
    const { client, fetch, call } = setup(json(401, { code: 401 }), json(200, { id: 'u1' }));
    const refreshAccessToken = vi.fn(() => Promise.resolve('tok-2'));
    client.setAuthHandlers({ getAccessToken: () => Promise.resolve('tok-1'), refreshAccessToken });
    await expect(client.get('/api/v1/users/me')).resolves.toEqual({ id: 'u1' });
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(call(1).headers.Authorization).toBe('Bearer tok-2');
  });

  it('gives up after one retry', async () => {
    const { client, fetch } = setup(json(401, { code: 401 }), json(401, { code: 401 }));
    client.setAuthHandlers({
      getAccessToken: () => Promise.resolve('tok-1'),
      refreshAccessToken: () => Promise.resolve('tok-2'),
    });
    expect((await failure(client.get('/api/v1/users/me'))).code).toBe(401);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not retry when the refresh fails', async () => {
    const { client, fetch } = setup(json(401, {}));
    client.setAuthHandlers({
      getAccessToken: () => Promise.resolve('tok-1'),
      refreshAccessToken: () => Promise.resolve(null),
    });
    expect((await failure(client.get('/api/v1/users/me'))).code).toBe(401);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('never retries a 401 of a call made without the token', async () => {
    const { client, fetch } = setup(json(401, { code: 'invalid_api_key' }));
    const refreshAccessToken = vi.fn(() => Promise.resolve('tok-2'));
    client.setAuthHandlers({ getAccessToken: () => Promise.resolve('tok-1'), refreshAccessToken });
    expect(
      (await failure(client.post('/api/v1/auth/signin/oauth', {}, { auth: false }))).code,
    ).toBe('invalid_api_key');
    expect(refreshAccessToken).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('api client errors', () => {
  it('keeps the server code and message', async () => {
    const { client } = setup(json(409, { code: 1001, message: 'Already in a call' }));
    const error = await failure(client.post('/api/v1/match/find', {}));
    expect(error.toJSON()).toEqual({ code: 1001, message: 'Already in a call' });
    expect(error.status).toBe(409);
  });

  it('falls back to the HTTP status and an empty message', async () => {
    const { client } = setup(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect((await failure(client.get('/api/v1/stats'))).toJSON()).toEqual({
      code: 502,
      message: '',
    });
  });

  it('falls back to the status when the body has no usable code', async () => {
    const { client } = setup(json(404, { code: { nested: true }, message: 42 }));
    expect((await failure(client.get('/api/v1/sessions/x'))).toJSON()).toEqual({
      code: 404,
      message: '',
    });
  });

  it('turns a network failure into code 500', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(client.get('/health'));
    expect(error.toJSON()).toEqual({ code: 500, message: 'network_error' });
    expect(error.kind).toBe('network');
  });

  it('aborts after 15 seconds and reports a timeout as code 500', async () => {
    vi.useFakeTimers();
    const hanging = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('Aborted', 'AbortError')),
          );
        }),
    );
    const client = createApiClient({
      baseUrl: '',
      apiKey: 'k',
      timeoutMs: 15_000,
      fetch: hanging,
      onRateLimited: vi.fn(),
    });
    const pending = failure(client.get('/health'));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(hanging.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.toJSON()).toEqual({ code: 500, message: 'timeout' });
    expect(error.kind).toBe('timeout');
  });

  it('lets the caller cancel a request', async () => {
    const controller = new AbortController();
    const { client } = setup(
      () =>
        new Promise<Response>((_resolve, reject) => {
          controller.signal.addEventListener('abort', () =>
            reject(new DOMException('x', 'AbortError')),
          );
        }),
    );
    const pending = client.get('/api/v1/stats', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(DOMException);
  });
});

describe('api client rate limit', () => {
  it('opens the rate-limit notice on any 429', async () => {
    const { client, onRateLimited } = setup(json(429, { code: 429, message: '' }));
    expect((await failure(client.get('/api/v1/stats'))).code).toBe(429);
    expect(onRateLimited).toHaveBeenCalledTimes(1);
  });

  it('leaves the notice closed for calls that handle their own 429', async () => {
    const { client, onRateLimited } = setup(json(429, { code: 429 }));
    await failure(client.post('/api/v1/reports', {}, { rateLimitNotice: false }));
    expect(onRateLimited).not.toHaveBeenCalled();
  });

  it('does not open the notice for other errors', async () => {
    const { client, onRateLimited } = setup(json(500, {}));
    await failure(client.get('/api/v1/stats'));
    expect(onRateLimited).not.toHaveBeenCalled();
  });

  it('opens the shared notice store from the app client', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(429, {}));
    await failure(apiClient.get('/api/v1/stats'));
    // The store is loaded on the first 429.
    await vi.dynamicImportSettled();
    expect(useRateLimitNotice.getState().open).toBe(true);
    useRateLimitNotice.getState().dismiss();
    fetch.mockRestore();
  });
});
