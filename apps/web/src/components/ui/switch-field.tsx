import * as Switch from '@radix-ui/react-switch';
import { useId } from 'react';

type SwitchFieldProps = {
  title: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

export function SwitchField({
  title,
  description,
  checked,
  disabled = false,
  onCheckedChange,
}: SwitchFieldProps) {
  const id = useId();
  return (
    <div className="flex items-start gap-4 py-3">
      <div className="flex-1">
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {title}
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-sm leading-6 text-stone-600">
          {description}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-description`}
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-stone-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[state=checked]:bg-brand-600"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}
