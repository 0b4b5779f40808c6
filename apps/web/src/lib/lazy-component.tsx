import { useEffect, useState, type ComponentType } from 'react';

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
 * import is tried again the next time `when` turns true.
 */
export function Deferred<P extends object>({ component, when, props }: DeferredProps<P>) {
  const [Loaded, setLoaded] = useState(() => component.loaded);
  useEffect(() => {
    if (!when || Loaded) return;
    let current = true;
    component.load().then(
      (arrived) => current && setLoaded(() => arrived),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [component, when, Loaded]);
  return Loaded ? <Loaded {...props} /> : null;
}
