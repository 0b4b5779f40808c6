import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/notices/loading-page';
import { Button } from '@/components/ui/button';
import { currentUserQueryOptions } from '@/lib/current-user';
import { languageName } from '@/lib/language-name';
import {
  pocketAvailable,
  pocketChanged,
  pocketFor,
  usePocketItems,
} from '@/lib/pocket/pocket-access';
import { downloadText, toAnkiTsv, toCsv } from '@/lib/pocket/pocket-export';
import { groupByCall, searchPocket } from '@/lib/pocket/pocket-search';
import type { PocketItem } from '@/lib/pocket/pocket-store';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /pocket: the phrases saved in calls, kept on this device only (issue 22). */
export function PocketPage() {
  const { t, i18n } = useTranslation('pocket');
  const locale = i18n.resolvedLanguage ?? 'en';
  useDocumentTitle(t('meta_title'));
  const { data: user } = useQuery(currentUserQueryOptions());
  const { items, error } = usePocketItems(user?.id);
  const [query, setQuery] = useState('');
  const searchId = useId();

  const found = useMemo(() => (items ? searchPocket(items, query) : []), [items, query]);
  const groups = useMemo(() => groupByCall(found), [found]);

  if (!user) return <PageSpinner fill />;

  const day = new Date().toISOString().slice(0, 10);
  const exportAs = (kind: 'anki' | 'csv') => {
    if (!items) return;
    if (kind === 'anki') {
      downloadText(`parlo-pocket-${day}.txt`, toAnkiTsv(found), 'text/tab-separated-values');
    } else {
      downloadText(`parlo-pocket-${day}.csv`, toCsv(found), 'text/csv');
    }
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t('title')}</h1>
      <p className="mt-2 text-base leading-7 text-stone-600">{t('intro')}</p>

      {!pocketAvailable() || error ? (
        <p role="alert" className="mt-8 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900">
          {t('unavailable')}
        </p>
      ) : items === null ? (
        <PageSpinner />
      ) : items.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-white p-6 text-center text-stone-600 shadow-sm ring-1 ring-stone-200">
          {t('empty')}
        </p>
      ) : (
        <>
          <div className="mt-6 flex flex-wrap items-end gap-3">
            <div className="min-w-48 flex-1">
              <label htmlFor={searchId} className="text-sm font-semibold text-ink">
                {t('search.label')}
              </label>
              <input
                id={searchId}
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder={t('search.placeholder')}
                className="mt-1 h-11 w-full rounded-xl border border-stone-300 bg-white px-3 text-sm text-ink focus:border-brand-600 focus:outline-none"
              />
            </div>
            <Button variant="secondary" onClick={() => exportAs('anki')} disabled={!found.length}>
              {t('export.anki')}
            </Button>
            <Button variant="secondary" onClick={() => exportAs('csv')} disabled={!found.length}>
              {t('export.csv')}
            </Button>
          </div>
          <p className="mt-2 text-xs text-stone-500" role="status">
            {t('count', { count: found.length })}
          </p>

          <div className="mt-6 grid gap-6">
            {groups.map((group) => (
              <section
                key={group.sessionId ?? 'by-hand'}
                aria-label={groupTitle(group)}
                className="rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
              >
                <h2 className="border-b border-stone-100 px-4 py-3 text-sm font-semibold text-ink">
                  {groupTitle(group)}
                </h2>
                <ul className="divide-y divide-stone-100">
                  {group.items.map((item) => (
                    <PocketRow key={item.id} userId={user.id} item={item} />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
    </div>
  );

  function groupTitle(group: ReturnType<typeof groupByCall>[number]) {
    const date = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(group.startedAt);
    if (!group.sessionId) return t('group.by_hand');
    return t('group.call', {
      name: group.partnerName ?? '?',
      language: group.languageCode ? languageName(group.languageCode, locale) : '',
      date,
    });
  }
}

function PocketRow({ userId, item }: { userId: string; item: PocketItem }) {
  const { t } = useTranslation('pocket');
  const [editing, setEditing] = useState(false);
  const [front, setFront] = useState(item.front);
  const [back, setBack] = useState(item.back);
  const frontId = useId();
  const backId = useId();

  const change = async (
    action: (pocket: Awaited<ReturnType<typeof pocketFor>>) => Promise<unknown>,
  ) => {
    await action(await pocketFor(userId));
    pocketChanged();
  };

  if (editing) {
    return (
      <li className="px-4 py-3">
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void change((pocket) => pocket.update(item.id, { front, back })).then(() =>
              setEditing(false),
            );
          }}
        >
          <label htmlFor={frontId} className="text-xs font-semibold text-stone-600">
            {t('edit.front')}
          </label>
          <input
            id={frontId}
            value={front}
            required
            onChange={(event) => setFront(event.target.value)}
            className="h-10 rounded-xl border border-stone-300 px-3 text-sm"
          />
          <label htmlFor={backId} className="text-xs font-semibold text-stone-600">
            {t('edit.back')}
          </label>
          <textarea
            id={backId}
            value={back}
            rows={2}
            onChange={(event) => setBack(event.target.value)}
            className="rounded-xl border border-stone-300 px-3 py-2 text-sm"
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm">
              {t('edit.save')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setFront(item.front);
                setBack(item.back);
                setEditing(false);
              }}
            >
              {t('edit.cancel')}
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className="flex items-start gap-3 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="break-words whitespace-pre-wrap text-ink">{item.front}</p>
        {item.back && <p className="mt-1 text-sm break-words text-stone-600">{item.back}</p>}
        <p className="mt-1 text-xs text-stone-500">{t(`sources.${item.source}`)}</p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setEditing(true)}
        aria-label={t('edit.label', { text: item.front })}
      >
        {t('edit.open')}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void change((pocket) => pocket.remove(item.id))}
        aria-label={t('delete.label', { text: item.front })}
      >
        {t('delete.action')}
      </Button>
    </li>
  );
}
