import { useId, useState } from 'react';
import { create } from 'zustand';
import { useTranslation } from 'react-i18next';
import { Icon, type IconProps } from '@/components/ui/icons';
import { pocketAvailable, pocketChanged, pocketFor } from '@/lib/pocket/pocket-access';
import type { PocketSource } from '@/lib/pocket/pocket-store';

/** Who is saving, and in which call. */
export interface PocketCall {
  userId: string;
  sessionId: string;
  partnerName: string;
  languageCode: string;
}

/**
 * The call being held in this tab, or null: a store rather than a context, so the call view
 * only sets it (useAfterCall) and the buttons anywhere in the call read it.
 */
export const usePocketCall = create<{ call: PocketCall | null }>()(() => ({ call: null }));

export function setPocketCall(call: PocketCall | null) {
  usePocketCall.setState({ call });
}

export const BookmarkIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 4h12v17l-6-4-6 4z" />
  </Icon>
);

async function save(call: PocketCall, front: string, source: PocketSource) {
  const pocket = await pocketFor(call.userId);
  await pocket.add({
    front,
    source,
    sessionId: call.sessionId,
    partnerName: call.partnerName,
    languageCode: call.languageCode,
  });
  pocketChanged();
}

type SaveState = 'idle' | 'saved' | 'failed';

/**
 * One tap saves `text` to the pocket (chat lines, task-card phrases, corrections). Renders
 * nothing outside a call or where the browser cannot keep a pocket.
 */
export function SavePhraseButton(props: {
  text: string;
  source: PocketSource;
  className?: string;
}) {
  const call = usePocketCall((state) => state.call);
  if (!call || !pocketAvailable()) return null;
  return <SaveButton call={call} {...props} />;
}

function SaveButton({
  call,
  text,
  source,
  className = '',
}: {
  call: PocketCall;
  text: string;
  source: PocketSource;
  className?: string;
}) {
  const { t } = useTranslation('pocket');
  const [state, setState] = useState<SaveState>('idle');
  const saved = state === 'saved';
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? t('save.saved_label') : t('save.label', { text })}
      title={saved ? t('save.saved') : t('save.action')}
      disabled={saved}
      onClick={() => {
        save(call, text, source).then(
          () => setState('saved'),
          () => setState('failed'),
        );
      }}
      className={`inline-flex size-7 items-center justify-center rounded-full hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-offset-1 disabled:cursor-default ${className}`}
    >
      <BookmarkIcon className={`size-4 ${saved ? 'fill-current' : ''}`} />
      {state === 'failed' && <span className="sr-only">{t('save.failed')}</span>}
    </button>
  );
}

/** A word or phrase typed by hand during the call, saved to the pocket. */
export function PocketQuickAdd() {
  const call = usePocketCall((state) => state.call);
  if (!call || !pocketAvailable()) return null;
  return <QuickAdd call={call} />;
}

function QuickAdd({ call }: { call: PocketCall }) {
  const { t } = useTranslation('pocket');
  const [text, setText] = useState('');
  const [status, setStatus] = useState<'idle' | 'saved' | 'failed'>('idle');
  const id = useId();
  return (
    <form
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      onSubmit={(event) => {
        event.preventDefault();
        const front = text.trim();
        if (!front) return;
        save(call, front, 'typed').then(
          () => {
            setText('');
            setStatus('saved');
          },
          () => setStatus('failed'),
        );
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {t('quick_add.label')}
      </label>
      <div className="mt-2 flex gap-2">
        <input
          id={id}
          value={text}
          maxLength={200}
          onChange={(event) => {
            setText(event.target.value);
            setStatus('idle');
          }}
          placeholder={t('quick_add.placeholder')}
          className="h-10 min-w-0 flex-1 rounded-xl border border-stone-300 px-3 text-sm text-ink placeholder:text-stone-400 focus:border-brand-600 focus:outline-none"
        />
        <button
          type="submit"
          disabled={!text.trim()}
          className="inline-flex h-10 items-center gap-1.5 rounded-xl bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        >
          <BookmarkIcon className="size-4" />
          {t('quick_add.save')}
        </button>
      </div>
      <p role="status" className="mt-1 min-h-4 text-xs text-stone-500">
        {status === 'saved' ? t('quick_add.saved') : status === 'failed' ? t('save.failed') : ''}
      </p>
    </form>
  );
}
