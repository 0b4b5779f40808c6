import { Button } from '@/components/ui/button';
import { CheckIcon, CopyIcon } from '@/components/ui/icons';

type ReferralLinkFieldProps = {
  id: string;
  label: string;
  link: string;
  copied: boolean;
  onCopy: () => void;
  copyLabel: string;
  copiedLabel: string;
};

/** The read-only invitation link with its Copy button; "copied" is also announced. */
export function ReferralLinkField({
  id,
  label,
  link,
  copied,
  onCopy,
  copyLabel,
  copiedLabel,
}: ReferralLinkFieldProps) {
  return (
    <>
      <label htmlFor={id} className="mt-5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          type="text"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="h-11 min-w-0 flex-1 rounded-xl border border-stone-300 bg-stone-50 px-3 text-sm text-ink focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30"
        />
        <Button variant="secondary" onClick={onCopy} disabled={!link}>
          {copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
          {copied ? copiedLabel : copyLabel}
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {copied ? copiedLabel : ''}
      </p>
    </>
  );
}
