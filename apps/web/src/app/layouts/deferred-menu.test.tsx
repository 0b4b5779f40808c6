import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '@/lib/lazy-component';
import { DeferredMenu, type DeferredMenuProps } from '@/app/layouts/deferred-menu';
import { MenuDropdown } from '@/app/layouts/menu-dropdown';

function FruitDropdown(props: DeferredMenuProps) {
  return (
    <MenuDropdown {...props}>
      <DropdownMenu.Item>Apple</DropdownMenu.Item>
      <DropdownMenu.Item>Pear</DropdownMenu.Item>
    </MenuDropdown>
  );
}

/** A menu whose code arrives when the test says so. */
function renderDeferredMenu() {
  let arrive: (menu: ComponentType<DeferredMenuProps>) => void = () => {};
  let fail: (error: Error) => void = () => {};
  let settled: Promise<unknown> = Promise.resolve();
  const importMenu = vi.fn(() => {
    const menu = new Promise<ComponentType<DeferredMenuProps>>((resolve, reject) => {
      arrive = resolve;
      fail = reject;
    });
    settled = menu.catch(() => {});
    return menu;
  });
  render(
    <DeferredMenu
      menu={lazyComponent(importMenu)}
      menuProps={{}}
      trigger={{ label: 'Fruit', className: 'fruit-trigger', children: 'Fruit' }}
    />,
  );
  return {
    importMenu,
    trigger: () => screen.getByRole('button', { name: 'Fruit' }),
    arrive: () =>
      act(async () => {
        arrive(FruitDropdown);
        await settled;
      }),
    fail: () =>
      act(async () => {
        fail(new Error('offline'));
        await settled;
      }),
  };
}

afterEach(() => {
  cleanup();
});

describe('DeferredMenu', () => {
  it('shows a stand-in trigger with the same name and class, and loads nothing yet', () => {
    const { importMenu, trigger } = renderDeferredMenu();
    expect(trigger().getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(trigger().className).toBe('fruit-trigger');
    expect(importMenu).not.toHaveBeenCalled();
  });

  it.each([
    ['pointer enter', (button: HTMLElement) => fireEvent.pointerEnter(button)],
    ['touch start', (button: HTMLElement) => fireEvent.touchStart(button)],
    ['focus', (button: HTMLElement) => fireEvent.focus(button)],
  ])('loads the menu on %s, once, without opening it', async (_intent, signal) => {
    const { importMenu, trigger, arrive } = renderDeferredMenu();
    signal(trigger());
    signal(trigger());
    expect(importMenu).toHaveBeenCalledTimes(1);
    await arrive();
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('hands the focus over to the real trigger', async () => {
    const { trigger, arrive } = renderDeferredMenu();
    act(() => trigger().focus());
    const standIn = trigger();
    await arrive();
    expect(trigger()).not.toBe(standIn);
    expect(document.activeElement).toBe(trigger());
  });

  it('opens the menu as soon as it arrives when clicked before', async () => {
    const { trigger, arrive } = renderDeferredMenu();
    await userEvent.click(trigger());
    expect(screen.queryByRole('menu')).toBeNull();
    await arrive();
    expect(await screen.findByRole('menu')).toBeTruthy();
    // The open menu is modal: Radix hides the rest of the page, trigger included.
    const realTrigger = screen.getByRole('button', { name: 'Fruit', hidden: true });
    expect(realTrigger.getAttribute('aria-expanded')).toBe('true');
  });

  it.each(['{Enter}', ' ', '{ArrowDown}'])(
    'opens from the keyboard (%s) with the focus on the first item; Escape returns it',
    async (key) => {
      const user = userEvent.setup();
      const { trigger, arrive } = renderDeferredMenu();
      act(() => trigger().focus());
      await user.keyboard(key);
      await arrive();
      const apple = await screen.findByRole('menuitem', { name: 'Apple' });
      await waitFor(() => expect(document.activeElement).toBe(apple));
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).toBeNull();
      expect(document.activeElement).toBe(trigger());
    },
  );

  it('tries again on the next intent when the code could not be loaded', async () => {
    const { importMenu, trigger, fail, arrive } = renderDeferredMenu();
    fireEvent.pointerEnter(trigger());
    await fail();
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(trigger());
    expect(importMenu).toHaveBeenCalledTimes(2);
    await arrive();
    expect(await screen.findByRole('menu')).toBeTruthy();
  });
});
