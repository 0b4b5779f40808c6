import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '@/testing/test-i18n';
import { ChatCard } from '@/features/practice/components/chat-card';
import type { ChatMessage } from '@/features/practice/lib/chat-channel';

function renderChat(options: { messages?: ChatMessage[]; ready?: boolean } = {}) {
  const onSend = vi.fn<(content: string) => boolean>(() => true);
  const onClose = vi.fn();
  render(
    <ChatCard
      messages={options.messages ?? []}
      ready={options.ready ?? true}
      onSend={onSend}
      onClose={onClose}
    />,
  );
  const input = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
  return { onSend, onClose, input };
}

beforeAll(async () => {
  await initTestI18n(['common', 'practice']);
});

afterEach(cleanup);

describe('ChatCard', () => {
  it('shows the empty-state prompt without messages', () => {
    renderChat();
    expect(screen.getByText(/No messages yet/)).toBeTruthy();
  });

  it('sends on Enter and clears the input', () => {
    const { input, onSend } = renderChat();
    fireEvent.change(input, { target: { value: 'Hola, ¿qué tal?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Hola, ¿qué tal?');
    expect(input.value).toBe('');
  });

  it('does not send on Shift+Enter, nor while an IME is composing', () => {
    const { input, onSend } = renderChat();
    fireEvent.change(input, { target: { value: 'line one' } });
    const shift = fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(shift).toBe(true); // not prevented: the browser adds the newline
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('line one');
  });

  it('sends with the button, which is disabled for blank text', () => {
    const { input, onSend } = renderChat();
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send message' });
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(send.disabled).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'hi' } });
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledWith('hi');
  });

  it('shows the counter past 800 characters and refuses over 1000', () => {
    const { input, onSend } = renderChat();
    fireEvent.change(input, { target: { value: 'a'.repeat(800) } });
    expect(screen.queryByText('800/1000')).toBeNull();
    fireEvent.change(input, { target: { value: 'a'.repeat(812) } });
    expect(screen.getByText('812/1000')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'a'.repeat(1001) } });
    expect(screen.getByText(/1001\/1000/)).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send message' }).disabled).toBe(
      true,
    );
  });

  it('keeps the draft when the channel refuses it, and cannot send before it opens', () => {
    const first = renderChat();
    first.onSend.mockReturnValue(false);
    fireEvent.change(first.input, { target: { value: 'kept' } });
    fireEvent.keyDown(first.input, { key: 'Enter' });
    expect(first.input.value).toBe('kept');
    cleanup();

    const second = renderChat({ ready: false });
    fireEvent.change(second.input, { target: { value: 'early' } });
    fireEvent.keyDown(second.input, { key: 'Enter' });
    expect(second.onSend).not.toHaveBeenCalled();
  });

  it('lists messages from both sides', () => {
    renderChat({
      messages: [
        { id: '1', sender: 'peer', content: 'Hola', timestamp: 0, isRead: true },
        { id: '2', sender: 'self', content: 'Hi!', timestamp: 1, isRead: true },
      ],
    });
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(log.textContent).toContain('Partner: Hola');
    expect(log.textContent).toContain('You: Hi!');
  });
});
