import { Icon as BaseIcon, type IconProps } from '@/components/ui/icons';

// Marketing pages draw their icons larger and finer than the interface's.
function Icon({ className = 'h-6 w-6', ...rest }: IconProps) {
  return <BaseIcon className={className} strokeWidth={1.8} {...rest} />;
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

export function ShieldIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8 7.5 9.5 4.3-1.5 7.5-4.9 7.5-9.5V6L12 3Z" />
      <path d="m8.8 12 2.2 2.2 4.2-4.4" />
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

export function ArrowRightIcon(props: IconProps) {
  return (
    <Icon strokeWidth={2.2} {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Icon>
  );
}
