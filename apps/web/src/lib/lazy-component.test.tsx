import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, startTransition, useState, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Deferred, lazyComponent, lazyPage, type LazyComponent } from '@/lib/lazy-component';

type GreetingProps = { name: string };

function Greeting({ name }: GreetingProps) {
  return <p>Hello {name}</p>;
}

/** An import that succeeds or fails when the test says so. */
function controlledImport() {
  let settle: { arrive: () => void; fail: () => void } = { arrive() {}, fail() {} };
  let settled: Promise<unknown> = Promise.resolve();
  const importGreeting = vi.fn(() => {
    const loading = new Promise<ComponentType<GreetingProps>>((resolve, reject) => {
      settle = { arrive: () => resolve(Greeting), fail: () => reject(new Error('offline')) };
    });
    settled = loading.catch(() => {});
    return loading;
  });
  const finish = (outcome: 'arrive' | 'fail') =>
    act(async () => {
      settle[outcome]();
      await settled;
    });
  return { importGreeting, arrive: () => finish('arrive'), fail: () => finish('fail') };
}

function renderDeferred(component: LazyComponent<GreetingProps>, when: boolean) {
  const view = render(<Deferred component={component} when={when} props={{ name: 'Ana' }} />);
  return (nextWhen: boolean) =>
    view.rerender(<Deferred component={component} when={nextWhen} props={{ name: 'Ana' }} />);
}

afterEach(() => {
  cleanup();
});

describe('lazyComponent', () => {
  it('imports once however often it is asked, and remembers the component', async () => {
    const { importGreeting, arrive } = controlledImport();
    const greeting = lazyComponent(importGreeting);
    const first = greeting.load();
    const second = greeting.load();
    expect(greeting.loaded).toBeNull();
    await arrive();
    expect(await first).toBe(Greeting);
    expect(await second).toBe(Greeting);
    expect(greeting.loaded).toBe(Greeting);
    expect(importGreeting).toHaveBeenCalledTimes(1);
  });

  it('imports again after a failed import', async () => {
    const { importGreeting, fail } = controlledImport();
    const greeting = lazyComponent(importGreeting);
    const failed = expect(greeting.load()).rejects.toThrow('offline');
    await fail();
    await failed;
    void greeting.load();
    expect(importGreeting).toHaveBeenCalledTimes(2);
  });
});

describe('Deferred', () => {
  it('imports nothing until wanted, then shows the component with its props', async () => {
    const { importGreeting, arrive } = controlledImport();
    const setWhen = renderDeferred(lazyComponent(importGreeting), false);
    expect(importGreeting).not.toHaveBeenCalled();
    setWhen(true);
    // Not in the task that rendered: after the frame it painted.
    expect(importGreeting).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(importGreeting).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Hello Ana')).toBeNull();
    await arrive();
    expect(screen.getByText('Hello Ana')).toBeTruthy();
  });

  it('shows a component that has already arrived at once', async () => {
    const { importGreeting, arrive } = controlledImport();
    const greeting = lazyComponent(importGreeting);
    const loading = greeting.load();
    await arrive();
    await loading;
    renderDeferred(greeting, false);
    expect(screen.getByText('Hello Ana')).toBeTruthy();
  });

  it('shows nothing when the import fails, and tries again when wanted again', async () => {
    const { importGreeting, fail, arrive } = controlledImport();
    const setWhen = renderDeferred(lazyComponent(importGreeting), true);
    await vi.waitFor(() => expect(importGreeting).toHaveBeenCalledTimes(1));
    await fail();
    expect(screen.queryByText('Hello Ana')).toBeNull();
    setWhen(false);
    setWhen(true);
    await vi.waitFor(() => expect(importGreeting).toHaveBeenCalledTimes(2));
    await arrive();
    expect(screen.getByText('Hello Ana')).toBeTruthy();
  });

  it('does not import for a render whose wish was withdrawn before the paint', async () => {
    const { importGreeting } = controlledImport();
    const setWhen = renderDeferred(lazyComponent(importGreeting), true);
    setWhen(false);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(importGreeting).not.toHaveBeenCalled();
  });
});

/** Lets React finish what a synchronous render started (a suspended render is retried in act). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

function Navigation({ page: Page }: { page: ComponentType<GreetingProps> }) {
  const [shown, setShown] = useState(false);
  return (
    <Suspense fallback={<p>Loading</p>}>
      {shown ? (
        <Page name="Ana" />
      ) : (
        <button type="button" onClick={() => startTransition(() => setShown(true))}>
          Open
        </button>
      )}
    </Suspense>
  );
}

describe('lazyPage', () => {
  it('suspends until its code arrives, then renders it', async () => {
    const { importGreeting, arrive } = controlledImport();
    const Page = lazyPage(importGreeting);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Ana" />
      </Suspense>,
    );
    await settle();
    expect(screen.getByText('Loading')).toBeTruthy();
    await arrive();
    await settle();
    expect(screen.getByText('Hello Ana')).toBeTruthy();
  });

  it('is no "conditional use of use()" when React replays a navigation that waited for it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { importGreeting, arrive } = controlledImport();
      const page = lazyPage(importGreeting);
      await act(async () => {
        render(<Navigation page={page} />);
        await Promise.resolve();
      });
      // A navigation is a transition: React keeps the old screen while the page's code comes,
      // then replays the render that waited.
      await act(async () => {
        screen.getByRole('button', { name: 'Open' }).click();
        await Promise.resolve();
      });
      expect(screen.getByRole('button', { name: 'Open' })).toBeTruthy();
      await arrive();
      await act(async () => {
        await page.preload();
      });
      expect(screen.getByText('Hello Ana')).toBeTruthy();
      const messages = errors.mock.calls.map((call) => String(call[0]));
      expect(messages.filter((message) => message.includes('use()'))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });

  it('renders a page whose code was preloaded without suspending', async () => {
    const { importGreeting, arrive } = controlledImport();
    const Page = lazyPage(importGreeting);
    const preloading = Page.preload();
    await arrive();
    await preloading;
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Ana" />
      </Suspense>,
    );
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByText('Hello Ana')).toBeTruthy();
  });
});
