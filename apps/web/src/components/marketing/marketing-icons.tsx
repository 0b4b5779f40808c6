import { Icon as BaseIcon, type IconProps } from '@/components/ui/icons';

// Marketing pages draw their icons larger and finer than the interface's.
function Icon({ className = 'h-6 w-6', ...rest }: IconProps) {
  return <BaseIcon className={className} strokeWidth={1.8} {...rest} />;
}

export function UserPlusIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="8" r="4" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M19 8v6M16 11h6" />
    </Icon>
  );
}

export function ShuffleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 7h3c5 0 7 10 12 10h3M3 17h3c2 0 3.3-1.6 4.6-3.6M13.4 9.6C14.7 7.6 16 7 18 7h3" />
      <path d="m18 4 3 3-3 3M18 14l3 3-3 3" />
    </Icon>
  );
}

export function ChatIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 5h11a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H9l-4 3v-3H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Z" />
      <path d="M17 9h3a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2h-1v2.5L16 19h-3" />
    </Icon>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Icon>
  );
}

export function TargetIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" />
    </Icon>
  );
}

export function SparkIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3.5 13.9 9l5.6 2-5.6 2L12 18.5 10.1 13l-5.6-2 5.6-2L12 3.5Z" />
      <path d="M19 3v3M17.5 4.5h3" />
    </Icon>
  );
}

export function ShieldIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8 7.5 9.5 4.3-1.5 7.5-4.9 7.5-9.5V6L12 3Z" />
      <path d="m8.8 12 2.2 2.2 4.2-4.4" />
    </Icon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Icon strokeWidth={2.4} {...props}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function ArrowRightIcon(props: IconProps) {
  return (
    <Icon strokeWidth={2.2} {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Icon>
  );
}

export function QuoteIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 32 24" aria-hidden="true" focusable="false" fill="currentColor" {...props}>
      <path d="M0 24V14.4C0 6.6 4.2 1.8 11 0l1.6 3.6C8.6 5.2 6.8 8 6.6 11.4H13V24H0Zm19 0V14.4C19 6.6 23.2 1.8 30 0l1.6 3.6c-4 1.6-5.8 4.4-6 7.8H32V24H19Z" />
    </svg>
  );
}

export function MicIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" />
    </Icon>
  );
}

export function VideoIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="2.5" y="6" width="13" height="12" rx="2.5" />
      <path d="m15.5 10.5 6-3.5v10l-6-3.5" />
    </Icon>
  );
}

export function HangUpIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor" {...props}>
      <path d="M2.3 13.6c5.4-5 14-5 19.4 0 .5.5.5 1.2.1 1.7l-1.6 1.9c-.4.5-1.1.6-1.6.3l-2.5-1.5a1.3 1.3 0 0 1-.6-1.2l.1-1.6a11 11 0 0 0-7.2 0l.1 1.6c0 .5-.2.9-.6 1.2l-2.5 1.5c-.5.3-1.2.2-1.6-.3l-1.6-1.9c-.4-.5-.4-1.2.1-1.7Z" />
    </svg>
  );
}

export function LiveCallIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="2.5" y="6" width="13" height="12" rx="2.5" />
      <path d="m15.5 10.5 6-3.5v10l-6-3.5" />
      <circle cx="7" cy="10.5" r="1.2" fill="currentColor" stroke="none" />
    </Icon>
  );
}

export function TimerIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="13.5" r="7.5" />
      <path d="M12 9.5v4l2.5 1.5M10 2.5h4M19 6.5l1.5-1.5" />
    </Icon>
  );
}

export function LevelIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 20v-5M9.3 20v-8M14.7 20V8M20 20V4" />
    </Icon>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
    </Icon>
  );
}

export function WaveIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M8.5 13.5V6.8a1.6 1.6 0 0 1 3.2 0v5.2M11.7 11V5.2a1.6 1.6 0 0 1 3.2 0V11M14.9 11V6.7a1.6 1.6 0 0 1 3.2 0v7.8a6.5 6.5 0 0 1-6.5 6.5h-.6a6 6 0 0 1-4.9-2.6L3.4 14a1.6 1.6 0 0 1 2.6-1.9l2.5 2.7" />
      <path d="M4 5.5 2.5 4M6.5 3.5 6 1.5" />
    </Icon>
  );
}
