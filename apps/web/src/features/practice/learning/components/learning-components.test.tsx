import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { initTestI18n } from '@/testing/test-i18n';
import { ChatChannel } from '@/features/practice/lib/chat-channel';
import { Corrections } from '@/features/practice/learning/corrections';
import { RepairSignals } from '@/features/practice/learning/repair-signals';
import { TaskDeck } from '@/features/practice/learning/task-deck';
import { CARD_LANGUAGES, loadDeck } from '@/features/practice/learning/task-cards';
import { linkedChannels } from '@/features/practice/learning/testing-link';
import { MessageCorrections } from './correction-cards';
import { RepairSignalBar, RepairSignalNotice } from './repair-signal-bar';
import { PLANNING_SECONDS, TaskCardPanel } from './task-card-panel';

beforeAll(async () => {
  await initTestI18n(['learning']);
  await Promise.all(CARD_LANGUAGES.map((language) => loadDeck(language)));
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

describe('TaskCardPanel', () => {
  it('shows the planning timer while connecting, and moves both decks by keyboard', async () => {
    const link = linkedChannels();
    const mine = new TaskDeck(link.a, { initiator: true, level: 'A2', seed: 's' });
    const theirs = new TaskDeck(link.b, { initiator: false, level: 'A2', seed: 's' });
    mine.start();
    theirs.start();
    const { rerender } = render(<TaskCardPanel deck={mine} languageCode="es" connecting />);
    expect(screen.getByTestId('planning-timer').textContent).toContain(
      `${PLANNING_SECONDS} s left to plan`,
    );
    expect(screen.getByText('Useful phrases')).toBeTruthy();
    expect(screen.getByText('Card 1 of 12')).toBeTruthy();

    link.open();
    rerender(<TaskCardPanel deck={mine} languageCode="es" connecting={false} />);
    expect(screen.queryByTestId('planning-timer')).toBeNull();
    const user = userEvent.setup();
    // Show in my language, Previous card, Next card.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Next card');
    await user.keyboard('{Enter}');
    expect(screen.getByText('Card 2 of 12')).toBeTruthy();
    expect(theirs.getSnapshot().index).toBe(1);
  });

  it('writes the card in the practice language, and in the interface language on request', async () => {
    const link = linkedChannels();
    const deck = new TaskDeck(link.a, { initiator: true, level: 'B1', seed: 's' });
    render(<TaskCardPanel deck={deck} languageCode="es" connecting={false} />);
    const card = screen.getByTestId('task-card');
    expect(card.querySelector('[lang]')?.getAttribute('lang')).toBe('es');
    await userEvent.click(screen.getByRole('button', { name: 'Show in my language' }));
    expect(card.querySelector('[lang]')?.getAttribute('lang')).toBe('en');
    expect(screen.getByRole('button', { name: 'Show in the practice language' })).toBeTruthy();
  });
});

describe('repair signals on screen', () => {
  it('sends from the bar, then shows the partner’s signal in this user’s language', async () => {
    const link = linkedChannels();
    const sender = new RepairSignals(link.a, { playSound: vi.fn() });
    const receiver = new RepairSignals(link.b, { playSound: vi.fn() });
    sender.start();
    receiver.start();
    link.open();
    await i18n.changeLanguage('ko');
    render(
      <>
        <RepairSignalBar signals={sender} ready />
        <RepairSignalNotice signals={receiver} />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: '다시 말해 줄래요?' }));
    expect(screen.getByTestId('repair-notice').textContent).toContain(
      '파트너의 요청: 다시 말해 줄래요?',
    );
    expect(screen.getByTestId('repair-notice').closest('[aria-live]')).toBeTruthy();
    // Resting after the tap: every button waits, and says why.
    for (const button of screen.getAllByRole('button', { name: /요|세요/ })) {
      if (button.closest('[role="group"]'))
        expect((button as HTMLButtonElement).disabled).toBe(true);
    }
    act(() => receiver.dismiss());
    expect(screen.queryByTestId('repair-notice')).toBeNull();
  });
});

describe('correction cards', () => {
  it('proposes a correction from the form and shows the diff with removed and added words', async () => {
    const link = linkedChannels();
    const chatA = new ChatChannel(link.a);
    const chatB = new ChatChannel(link.b);
    const a = new Corrections(link.a, chatA);
    const b = new Corrections(link.b, chatB);
    a.start();
    b.start();
    link.open();
    chatB.send('She go to school');
    const message = chatA.getSnapshot().messages[0]!;
    const { rerender } = render(
      <ol>
        <MessageCorrections message={message} corrections={a} ready />
      </ol>,
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Suggest a correction to: She go to school' }),
    );
    const text = screen.getByRole('textbox', { name: 'Corrected version' });
    expect(document.activeElement).toBe(text);
    expect(screen.getByRole('button', { name: 'Send correction' })).toHaveProperty(
      'disabled',
      true,
    );
    await userEvent.clear(text);
    await userEvent.type(text, 'She goes to school');
    await userEvent.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'third person');
    await userEvent.click(screen.getByRole('button', { name: 'Send correction' }));
    rerender(
      <ol>
        <MessageCorrections message={message} corrections={a} ready />
      </ol>,
    );
    const diff = screen.getByTestId('correction-diff');
    expect(diff.querySelector('del')?.textContent).toContain('go');
    expect(diff.querySelector('ins')?.textContent).toContain('goes');
    expect(screen.getByText('Removed: go')).toBeTruthy();
    expect(screen.getByText('Added: goes')).toBeTruthy();
    expect(b.getSnapshot().corrections[0]).toMatchObject({ corrected: 'She goes to school' });
  });
});
