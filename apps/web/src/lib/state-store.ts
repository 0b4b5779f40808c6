/**
 * The small observable every call class extends: an immutable snapshot replaced on change, read by
 * React through `useSyncExternalStore(store.subscribe, store.getSnapshot)`.
 */
export class StateStore<T extends object> {
  #state: T;
  readonly #listeners = new Set<() => void>();

  constructor(initial: T) {
    this.#state = initial;
  }

  readonly getSnapshot = (): T => this.#state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  protected setState(patch: Partial<T>) {
    const changed = Object.entries(patch).some(
      ([key, value]) => !Object.is(this.#state[key as keyof T], value),
    );
    if (!changed) return;
    this.#state = { ...this.#state, ...patch };
    for (const listener of [...this.#listeners]) listener();
  }
}
