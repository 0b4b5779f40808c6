import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MAX_LENGTH } from '@parlo/contract/constants';
import { CORRECTION_NOTE_MAX_LENGTH } from '@parlo/contract/peer-messages-learning';
import { useStore } from '@/features/practice/hooks/use-store';
import type { Correction, Corrections } from '@/features/practice/learning/corrections';
import { changesWords, wordDiff } from '@/features/practice/learning/word-diff';
import type { ChatMessage } from '@/features/practice/lib/chat-channel';
import { SavePhraseButton } from '@/lib/pocket/pocket-call';

type MessageCorrectionsProps = {
  message: ChatMessage;
  corrections: Corrections;
  ready: boolean;
};

/**
 * What follows a chat message (issue 21 §4): a "suggest a correction" control under the partner's
 * messages, and the correction cards either side proposed for this message.
 */
export function MessageCorrections({ message, corrections, ready }: MessageCorrectionsProps) {
  const { corrections: all } = useStore(corrections);
  const [editing, setEditing] = useState(false);
  const mine = all.filter((c) => c.messageId === message.id);
  const canSuggest = message.sender === 'peer' && ready;
  if (!canSuggest && mine.length === 0) return null;

  return (
    <li
      className={`grid gap-1.5 ${message.sender === 'self' ? 'justify-items-end' : 'justify-items-start'}`}
    >
      {mine.map((correction) => (
        <CorrectionCard key={correction.id} correction={correction} corrections={corrections} />
      ))}
      {canSuggest &&
        (editing ? (
          <CorrectionForm
            message={message}
            onSubmit={(corrected, note) => corrections.propose(message.id, corrected, note)}
            onDone={() => setEditing(false)}
          />
        ) : (
          <SuggestButton message={message} onClick={() => setEditing(true)} />
        ))}
    </li>
  );
}

function SuggestButton({ message, onClick }: { message: ChatMessage; onClick: () => void }) {
  const { t } = useTranslation('learning');
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t('corrections.suggest_for', { message: message.content.slice(0, 80) })}
      className="rounded-full px-2 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
    >
      {t('corrections.suggest')}
    </button>
  );
}

type CorrectionFormProps = {
  message: ChatMessage;
  onSubmit: (corrected: string, note: string) => boolean;
  onDone: () => void;
};

function CorrectionForm({ message, onSubmit, onDone }: CorrectionFormProps) {
  const { t } = useTranslation('learning');
  const id = useId();
  const [corrected, setCorrected] = useState(message.content);
  const [note, setNote] = useState('');
  const changed = changesWords(message.content, corrected) && corrected.trim().length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed && onSubmit(corrected, note)) onDone();
  };

  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
      className="grid w-full gap-2 rounded-xl bg-stone-50 p-2.5 ring-1 ring-stone-200"
    >
      <p id={`${id}-title`} className="text-xs font-semibold text-ink">
        {t('corrections.form_title')}
      </p>
      <label htmlFor={`${id}-text`} className="text-xs text-stone-600">
        {t('corrections.corrected_label')}
      </label>
      <textarea
        id={`${id}-text`}
        // The form opens on request, so moving the focus into it is expected.
        autoFocus
        rows={2}
        maxLength={CHAT_MAX_LENGTH}
        value={corrected}
        onChange={(event) => setCorrected(event.target.value)}
        className="resize-none rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm text-ink focus:border-brand-600 focus:outline-none"
      />
      <label htmlFor={`${id}-note`} className="text-xs text-stone-600">
        {t('corrections.note_label')}
      </label>
      <input
        id={`${id}-note`}
        maxLength={CORRECTION_NOTE_MAX_LENGTH}
        value={note}
        placeholder={t('corrections.note_placeholder')}
        onChange={(event) => setNote(event.target.value)}
        className="rounded-lg border border-stone-300 bg-white px-2 py-1.5 text-sm text-ink focus:border-brand-600 focus:outline-none"
      />
      {!changed && <p className="text-xs text-stone-500">{t('corrections.unchanged')}</p>}
      <div className="flex justify-end gap-2">
        <button
          type="button"
          onClick={onDone}
          className="rounded-full px-3 py-1 text-xs font-medium text-stone-700 ring-1 ring-stone-300 hover:bg-white"
        >
          {t('corrections.cancel')}
        </button>
        <button
          type="submit"
          disabled={!changed}
          className="rounded-full bg-brand-600 px-3 py-1 text-xs font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {t('corrections.send')}
        </button>
      </div>
    </form>
  );
}

function CorrectionCard({
  correction,
  corrections,
}: {
  correction: Correction;
  corrections: Corrections;
}) {
  const { t } = useTranslation('learning');
  const parts = wordDiff(correction.original, correction.corrected);

  return (
    <article
      data-testid="correction-card"
      className="w-full max-w-[90%] rounded-xl bg-amber-50 px-3 py-2 text-sm text-ink ring-1 ring-amber-200"
    >
      <p className="text-xs font-semibold text-amber-900">
        {correction.by === 'self' ? t('corrections.by_you') : t('corrections.by_partner')}
      </p>
      <p data-testid="correction-diff" className="mt-1 break-words whitespace-pre-wrap">
        {parts.map((part, index) =>
          part.kind === 'same' ? (
            <span key={index}>{part.text}</span>
          ) : part.kind === 'removed' ? (
            <del key={index} className="rounded bg-red-100 text-red-800 decoration-red-700">
              <span className="sr-only">
                {t('corrections.removed', { text: part.text.trim() })}
              </span>
              <span aria-hidden="true">{part.text}</span>
            </del>
          ) : (
            <ins
              key={index}
              className="rounded bg-emerald-100 font-semibold text-emerald-900 no-underline"
            >
              <span className="sr-only">{t('corrections.added', { text: part.text.trim() })}</span>
              <span aria-hidden="true">{part.text}</span>
            </ins>
          ),
        )}
      </p>
      {correction.note && <p className="mt-1 text-xs text-stone-600 italic">{correction.note}</p>}
      <div className="mt-1.5 flex items-center justify-end gap-2">
        <SavePhraseButton text={correction.corrected} source="correction" />
        {correction.by === 'peer' && !correction.thanked && (
          <button
            type="button"
            onClick={() => corrections.thank(correction.id)}
            className="rounded-full bg-white px-2.5 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100"
          >
            {t('corrections.thank')}
          </button>
        )}
        {correction.thanked && (
          <p className="text-xs font-medium text-emerald-800">
            {correction.by === 'peer' ? t('corrections.thanked') : t('corrections.partner_thanked')}
          </p>
        )}
      </div>
    </article>
  );
}

/** The chat's `renderAfterMessage` for a call's corrections. */
export function CorrectionsForChat(corrections: Corrections, ready: boolean) {
  function renderCorrections(message: ChatMessage) {
    return <MessageCorrections message={message} corrections={corrections} ready={ready} />;
  }
  return renderCorrections;
}
