import { vi } from 'vitest';

export type FakeRequest = {
  url: URL;
  init: RequestInit;
  body: unknown;
  bearer: string | undefined;
};
export type FakeRoute = (request: FakeRequest) => Response | Promise<Response>;

export const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status });

/**
 * Stubs fetch with routes keyed by `METHOD /path` (no query) and records every call, so a test can
 * say exactly what reached the server. Unknown routes answer 404.
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: FakeRequest[] = [];
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init = {}) => {
    const url = new URL(input as string, 'http://localhost:3000');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const request: FakeRequest = {
      url,
      init,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      bearer: headers.Authorization,
    };
    calls.push(request);
    const route = routes[`${init.method ?? 'GET'} ${url.pathname}`];
    return route ? route(request) : json(404, { code: 404, message: '' });
  });
  const callsTo = (key: string) =>
    calls.filter(({ init, url }) => `${init.method ?? 'GET'} ${url.pathname}` === key);
  return { fetch, calls, callsTo };
}
