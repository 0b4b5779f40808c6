/**
 * The few browser APIs the service worker and prerender tests call inside `page.evaluate`. The
 * e2e project compiles without the DOM library (its code runs in Node), so callbacks cast
 * `globalThis` to this.
 */
export type BrowserGlobals = {
  navigator: {
    serviceWorker: { ready: Promise<unknown>; controller: { scriptURL: string } | null };
  };
  caches: {
    keys(): Promise<string[]>;
    open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }>;
  };
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  fetch(url: string, init?: { headers?: Record<string, string> }): Promise<{ status: number }>;
};

export type ElementWithAttributes = { getAttribute(name: string): string | null };
