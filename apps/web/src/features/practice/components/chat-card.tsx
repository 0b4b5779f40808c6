import {
  Fragment,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_COUNTER_FROM, CHAT_MAX_LENGTH } from '@parlo/contract/constants';
import { CloseIcon } from '@/components/ui/icons';
import { SendIcon } from '@/features/practice/components/call-icons';
import { sendableContent, type ChatMessage } from '@/features/practice/lib/chat-channel';
import { SavePhraseButton } from '@/lib/pocket/pocket-call';

export type ChatCardProps = {
  messages: readonly ChatMessage[];
  /** Whether the data channel is open; before that, nothing can be sent. */
  ready: boolean;
  /** Sends one message; false when it was refused. */
  onSend: (content: string) => boolean;
  onClose: () => void;
  /** List items shown after a message (the correction cards of issue 21). */
  renderAfterMessage?: (message: ChatMessage) => ReactNode;
};

/**
 * The chat beside the call (spec §2): Enter sends, Shift+Enter adds a newline, a counter appears
 * past 800 characters and nothing over 1000 is sent.
 */
export function ChatCard({ messages, ready, onSend, onClose, renderAfterMessage }: ChatCardProps) {
  const { t, i18n } = useTranslation('practice');
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const counterId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const tooLong = draft.trim().length > CHAT_MAX_LENGTH;
  const canSend = ready && sendableContent(draft) !== null;

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  const submit = () => {
    if (!canSend) return;
    if (onSend(draft)) setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME (Korean, Japanese) confirms its composition with Enter: that is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="flex max-h-[32rem] min-h-80 flex-col rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
    >
      <header className="flex items-center justify-between border-b border-stone-100 px-4 py-3">
        <h2 id={`${inputId}-title`} className="text-base font-semibold text-ink">
          {t('chat.title')}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('chat.close')}
          className="rounded-full p-1.5 text-stone-500 hover:bg-stone-100 hover:text-ink"
        >
          <CloseIcon className="size-4" />
        </button>
      </header>

      {messages.length === 0 ? (
        <p className="flex flex-1 items-center justify-center px-6 py-8 text-center text-sm text-stone-500">
          {t('chat.empty')}
        </p>
      ) : (
        <ol
          ref={listRef}
          role="log"
          aria-live="polite"
          aria-label={t('chat.messages')}
          className="flex flex-1 flex-col gap-2 overflow-y-auto px-4 py-3"
        >
          {messages.map((message) => (
            <Fragment key={message.id}>
              <li
                className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ${
                  message.sender === 'self'
                    ? 'self-end bg-brand-600 text-white'
                    : 'self-start bg-stone-100 text-ink'
                }`}
              >
                <span className="sr-only">
                  {message.sender === 'self' ? t('chat.you') : t('chat.partner')}:{' '}
                </span>
                <span className="break-words whitespace-pre-wrap">{message.content}</span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <time
                    dateTime={new Date(message.timestamp).toISOString()}
                    className={`block text-xs ${message.sender === 'self' ? 'text-brand-100' : 'text-stone-500'}`}
                  >
                    {time.format(message.timestamp)}
                  </time>
                  <SavePhraseButton text={message.content} source="chat" />
                </span>
              </li>
              {renderAfterMessage?.(message)}
            </Fragment>
          ))}
        </ol>
      )}

      <form
        className="border-t border-stone-100 p-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t('chat.input_label')}
        </label>
        <div className="flex items-end gap-2">
          <textarea
            id={inputId}
            rows={2}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={ready ? t('chat.placeholder') : t('chat.not_ready')}
            aria-describedby={draft.length > CHAT_COUNTER_FROM ? counterId : undefined}
            aria-invalid={tooLong || undefined}
            className="min-h-11 flex-1 resize-none rounded-xl border border-stone-300 bg-white px-3 py-2 text-sm text-ink placeholder:text-stone-400 focus:border-brand-600 focus:outline-none"
          />
          <button
            type="submit"
            disabled={!canSend}
            aria-label={t('chat.send')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <SendIcon className="size-5" />
          </button>
        </div>
        {draft.length > CHAT_COUNTER_FROM && (
          <p
            id={counterId}
            className={`mt-1 text-right text-xs ${tooLong ? 'font-semibold text-red-700' : 'text-stone-500'}`}
          >
            {t('chat.counter', { length: draft.length, max: CHAT_MAX_LENGTH })}
            {tooLong && <span className="sr-only"> {t('chat.too_long')}</span>}
          </p>
        )}
      </form>
    </section>
  );
}
