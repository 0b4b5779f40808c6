/** The header links a visitor sees, on desktop and in the mobile menu. */
export const VISITOR_LINKS = [
  { to: '/info/about', labelKey: 'header.about' },
  { to: '/info/faq', labelKey: 'header.faq' },
] as const;
