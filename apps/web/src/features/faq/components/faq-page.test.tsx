import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '@/testing/test-i18n';
import { FaqPage } from '@/features/faq/components/faq-page';

function renderFaq() {
  render(
    <MemoryRouter>
      <FaqPage />
    </MemoryRouter>,
  );
}

function question(name: string) {
  return screen.getByRole('button', { name });
}

beforeAll(async () => {
  await initTestI18n(['faq']);
});

afterEach(cleanup);

describe('FaqPage', () => {
  it('has one h1 and names the tab after the page', () => {
    renderFaq();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Help Center · Parlo');
  });

  it('keeps at most one answer open at a time', async () => {
    const user = userEvent.setup();
    renderFaq();
    expect(question('What is Parlo?').getAttribute('aria-expanded')).toBe('true');

    await user.click(question('How long does a session last?'));
    expect(question('How long does a session last?').getAttribute('aria-expanded')).toBe('true');
    expect(question('What is Parlo?').getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText(/lasts 7 minutes and costs 1 token/)).toBeTruthy();

    await user.click(question('How long does a session last?'));
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('opens an answer from the keyboard', async () => {
    const user = userEvent.setup();
    renderFaq();
    question('What is Parlo?').focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(question('What do I need to get started?').getAttribute('aria-expanded')).toBe('true');
  });

  it('shows a paragraph followed by its bullets', async () => {
    const user = userEvent.setup();
    renderFaq();
    await user.click(question('What do I need to get started?'));
    const region = screen.getByRole('region', { name: 'What do I need to get started?' });
    const bullets = within(region).getAllByRole('listitem');
    expect(bullets.map((item) => item.textContent)).toEqual([
      'An account with Google, KakaoTalk or Line to sign in',
      'A working webcam and microphone',
      'A stable internet connection',
      'A quiet place where you can talk comfortably',
    ]);
  });
});
