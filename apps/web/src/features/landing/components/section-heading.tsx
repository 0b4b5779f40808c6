type SectionHeadingProps = {
  id: string;
  eyebrow: string;
  title: string;
  subtitle?: string;
  tone?: 'light' | 'dark';
};

/** The eyebrow, h2 and lead paragraph that open every landing section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
  tone = 'light',
}: SectionHeadingProps) {
  const dark = tone === 'dark';
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p
        className={`text-sm font-semibold tracking-wide uppercase ${dark ? 'text-coral-300' : 'text-brand-700'}`}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={`mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl ${dark ? 'text-white' : 'text-ink'}`}
      >
        {title}
      </h2>
      {subtitle && (
        <p
          className={`mt-4 text-lg leading-relaxed text-pretty ${dark ? 'text-brand-100' : 'text-stone-600'}`}
        >
          {subtitle}
        </p>
      )}
    </div>
  );
}
