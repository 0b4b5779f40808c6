import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, GlobeIcon } from '@/components/ui/icons';
import { countryOptions } from '@/lib/countries';
import { filterCountries } from '@/lib/country-search';

type CountrySelectProps = {
  /** The input's id, for a `<label htmlFor>`. */
  id?: string;
  /** The selected two-letter code, or '' for none. */
  value: string;
  onChange: (code: string) => void;
  invalid?: boolean;
  /** The id of the error or hint text. */
  describedBy?: string;
  disabled?: boolean;
  placeholder?: string;
  name?: string;
};

/**
 * A searchable country picker following the ARIA combobox pattern: typing filters by the country's
 * name in any interface language or a common alias (lib/country-search), arrows move through the
 * list, Enter picks, Escape closes and restores the selection.
 */
export function CountrySelect({
  id,
  value,
  onChange,
  invalid = false,
  describedBy,
  disabled = false,
  placeholder,
  name,
}: CountrySelectProps) {
  const { t, i18n } = useTranslation('forms');
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const listId = `${generatedId}-list`;
  const optionId = (code: string) => `${generatedId}-option-${code}`;

  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const options = useMemo(() => countryOptions(language), [language]);
  const selected = options.find((option) => option.code === value) ?? null;

  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const results = useMemo(() => filterCountries(options, query), [options, query]);
  const active = open ? results[activeIndex] : undefined;

  useEffect(() => {
    if (!active) return;
    const element = listRef.current?.querySelector<HTMLElement>(`[data-code="${active.code}"]`);
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  function openList() {
    if (open) return;
    setOpen(true);
    setQuery('');
    setActiveIndex(
      Math.max(
        0,
        options.findIndex((option) => option.code === value),
      ),
    );
  }

  function close() {
    setOpen(false);
    setQuery('');
    setActiveIndex(-1);
  }

  function choose(code: string) {
    onChange(code);
    close();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActiveIndex((index) => Math.min(index + 1, results.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else setActiveIndex((index) => Math.max(index - 1, 0));
        break;
      case 'Home':
      case 'End':
        if (!open || results.length === 0) break;
        event.preventDefault();
        setActiveIndex(event.key === 'Home' ? 0 : results.length - 1);
        break;
      case 'Enter':
        if (!open) break;
        event.preventDefault();
        if (active) choose(active.code);
        break;
      case 'Escape':
        if (!open) break;
        event.preventDefault();
        close();
        break;
      case 'Tab':
        close();
        break;
    }
  }

  const borderClasses = invalid
    ? 'border-red-500 focus-within:ring-red-500'
    : 'border-stone-300 focus-within:border-brand-600 focus-within:ring-brand-600';

  return (
    <div className="relative">
      <div
        className={`flex h-11 items-center gap-2 rounded-xl border bg-white pr-1 pl-3 focus-within:ring-1 ${borderClasses} ${
          disabled ? 'opacity-60' : ''
        }`}
      >
        {selected && !open ? (
          <span aria-hidden="true" className="text-lg leading-none">
            {selected.flag}
          </span>
        ) : (
          <GlobeIcon className="size-4.5 shrink-0 text-stone-400" />
        )}
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={active ? optionId(active.code) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          disabled={disabled}
          placeholder={placeholder ?? t('country_select.placeholder')}
          value={open ? query : (selected?.name ?? '')}
          onChange={(event) => {
            setOpen(true);
            setQuery(event.target.value);
            setActiveIndex(0);
          }}
          onClick={openList}
          onKeyDown={handleKeyDown}
          onBlur={close}
          className="h-full min-w-0 flex-1 bg-transparent text-base text-ink outline-none placeholder:text-stone-400 sm:text-sm"
        />
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (open) close();
            else openList();
            inputRef.current?.focus();
          }}
          className="flex size-9 items-center justify-center rounded-lg text-stone-500 hover:bg-stone-100"
        >
          <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </div>
      {open && (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={t('country_select.list_label')}
          className="absolute z-30 mt-1.5 max-h-60 w-full overflow-y-auto overscroll-contain rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
        >
          {results.length === 0 ? (
            <li
              role="option"
              aria-disabled="true"
              aria-selected={false}
              className="px-3 py-2.5 text-sm text-stone-500"
            >
              {t('country_select.no_results')}
            </li>
          ) : (
            results.map((option, index) => {
              const isActive = index === activeIndex;
              const isSelected = option.code === value;
              return (
                <li
                  key={option.code}
                  id={optionId(option.code)}
                  data-code={option.code}
                  role="option"
                  aria-selected={isSelected}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActiveIndex(index)}
                  onClick={() => choose(option.code)}
                  className={`flex cursor-pointer items-center gap-2.5 px-3 py-2 text-sm ${
                    isActive ? 'bg-brand-50 text-brand-900' : 'text-ink'
                  } ${isSelected ? 'font-semibold' : ''}`}
                >
                  <span aria-hidden="true" className="text-lg leading-none">
                    {option.flag}
                  </span>
                  <span className="truncate">{option.name}</span>
                </li>
              );
            })
          )}
        </ul>
      )}
    </div>
  );
}
