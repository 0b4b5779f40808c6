type LogoProps = {
  /** The wordmark text; the brand name is the same in every language. */
  name: string;
  className?: string;
};

/** The speech-bubble mark of the favicon followed by the wordmark, drawn as one SVG. */
export function Logo({ name, className = 'h-8 w-auto' }: LogoProps) {
  return (
    <svg
      viewBox="0 0 148 40"
      className={className}
      aria-hidden="true"
      focusable="false"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width="40" height="40" rx="10" fill="#0f766e" />
      <path
        d="M11.25 12.5h11.25a6.25 6.25 0 0 1 0 12.5h-5l-5 4.4V25h-1.25a2.5 2.5 0 0 1-2.5-2.5V15a2.5 2.5 0 0 1 2.5-2.5z"
        fill="#fff"
      />
      <circle cx="27.5" cy="15" r="3.75" fill="#fb7c5f" />
      <text
        x="50"
        y="29"
        fill="currentColor"
        fontFamily="'Inter Variable', ui-sans-serif, system-ui, sans-serif"
        fontSize="27"
        fontWeight="800"
        letterSpacing="-0.5"
      >
        {name}
      </text>
    </svg>
  );
}
