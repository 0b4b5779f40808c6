import { ButtonLink } from '@/components/ui/button';
import { Reveal } from '@/components/ui/reveal';
import { ArrowRightIcon } from '@/components/marketing/marketing-icons';

// The landing page ends on its loudest banner; the about page's, after a page of reading, is a
// step quieter.
const sizes = {
  regular: {
    section: 'sm:py-24',
    banner: 'py-14 sm:py-16',
    title: 'sm:text-4xl',
    text: 'mt-4',
    button: 'mt-8',
  },
  large: {
    section: 'sm:py-28',
    banner: 'py-16 sm:py-20',
    title: 'mx-auto max-w-2xl sm:text-5xl',
    text: 'mt-5',
    button: 'mt-9',
  },
};

type ClosingCtaSectionProps = {
  titleId: string;
  title: string;
  text: string;
  button: string;
  /** A small line under the button. */
  note?: string;
  size?: keyof typeof sizes;
};

/** The banner that ends a public page by sending the reader to sign in. */
export function ClosingCtaSection({
  titleId,
  title,
  text,
  button,
  note,
  size = 'regular',
}: ClosingCtaSectionProps) {
  const look = sizes[size];

  return (
    <section aria-labelledby={titleId} className={`px-5 py-20 sm:px-8 ${look.section}`}>
      <Reveal>
        <div
          className={`relative mx-auto max-w-5xl overflow-hidden rounded-[2rem] bg-brand-800 px-6 text-center shadow-xl sm:px-12 ${look.banner}`}
        >
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -bottom-20 -left-20 h-56 w-56 rounded-full border-[1.75rem] border-brand-700"
          />
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-12 -right-12 h-28 w-28 rounded-full bg-coral-400"
          />
          <div className="relative">
            <h2
              id={titleId}
              className={`text-3xl font-bold tracking-tight text-balance text-white ${look.title}`}
            >
              {title}
            </h2>
            <p className={`mx-auto max-w-xl text-lg text-pretty text-brand-100 ${look.text}`}>
              {text}
            </p>
            <ButtonLink to="/auth/signin" variant="secondary" size="lg" className={look.button}>
              {button}
              <ArrowRightIcon className="h-5 w-5 text-brand-700" />
            </ButtonLink>
            {note && <p className="mt-5 text-sm text-balance text-brand-200">{note}</p>}
          </div>
        </div>
      </Reveal>
    </section>
  );
}
