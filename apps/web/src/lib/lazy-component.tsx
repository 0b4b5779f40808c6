import { createElement, useEffect, useState, type ComponentType } from 'react';
import { afterNextPaint } from '@/lib/after-next-paint';

/** A component whose code is imported on first need, once, for every place that shows it. */
export type LazyComponent<P> = {
  /** The component once its code has arrived, else null. */
  readonly loaded: ComponentType<P> | null;
  /** Starts the import, or joins the one in progress; after a failure the next call tries again. */
  load: () => Promise<ComponentType<P>>;
};

export function lazyComponent<P>(
  importComponent: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  return {
    get loaded() {
      return loaded;
    },
    load() {
      loading ??= importComponent().then(
        (component) => (loaded = component),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}

type DeferredProps<P> = {
  component: LazyComponent<P>;
  /** Starts the import; nothing is shown until the code has arrived. */
  when: boolean;
  props: P;
};

/**
 * Shows a lazily imported component once it is wanted. Unlike `React.lazy` it never suspends nor
 * throws: nothing is shown until the code has arrived or when the import fails, and a failed
 * import is tried again the next time `when` turns true. The import starts after the frame that
 * wanted it has painted.
 */
export function Deferred<P extends object>({ component, when, props }: DeferredProps<P>) {
  const [Loaded, setLoaded] = useState(() => component.loaded);
  useEffect(() => {
    if (!when || Loaded) return;
    let current = true;
    // After the paint: the render that asked for it is what the user is waiting to see.
    const cancel = afterNextPaint(() => {
      component.load().then(
        (arrived) => current && setLoaded(() => arrived),
        () => {},
      );
    });
    return () => {
      current = false;
      cancel();
    };
  }, [component, when, Loaded]);
  return Loaded ? <Loaded {...props} /> : null;
}

/** A page component whose code is imported when it first renders, or earlier by `preload`. */
export type LazyPage<P> = ComponentType<P> & {
  preload: () => Promise<ComponentType<P>>;
  /** The translation namespaces its parts ask for, to load beside its code (`initI18n`). */
  namespaces: readonly string[];
};

/**
 * Like `React.lazy`, but a page whose code has been preloaded renders at once instead of
 * suspending once more: hydrating a prerendered page must not suspend, or React drops the HTML
 * and renders it anew. `namespaces` are the translations its parts ask for: the app requests
 * them beside its code, instead of one after another as each part renders and suspends.
 */
export function lazyPage<P extends object>(
  importComponent: () => Promise<ComponentType<P>>,
  namespaces: readonly string[] = [],
): LazyPage<P> {
  const component = lazyComponent(importComponent);
  function Page(props: P) {
    // The same component object on every render: the import is made once and kept. Until it
    // has arrived the render suspends on the import by throwing it, as React.lazy once did:
    // with `use()` React replays the render expecting `use()` again, which a page whose code has
    // arrived no longer calls ("conditional use of use()").
    const loaded = component.loaded;
    if (loaded) return createElement(loaded, props);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- how Suspense is told to wait
    throw component.load();
  }
  return Object.assign(Page, { preload: component.load, namespaces });
}
