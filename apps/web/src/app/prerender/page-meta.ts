import type { PublicPageId } from '@parlo/contract/public-pages';

/** Where each prerendered page's title and description live in the locales. */
export const PAGE_META: Record<
  PublicPageId,
  { namespace: string; title: string; description: string }
> = {
  landing: { namespace: 'landing', title: 'page_title', description: 'meta_description' },
  about: { namespace: 'about', title: 'page_title', description: 'meta_description' },
  faq: { namespace: 'faq', title: 'page_title', description: 'meta_description' },
  terms: { namespace: 'legal', title: 'terms.meta_title', description: 'terms.meta_description' },
  privacy: {
    namespace: 'legal',
    title: 'privacy.meta_title',
    description: 'privacy.meta_description',
  },
  cookies: {
    namespace: 'legal',
    title: 'cookies.meta_title',
    description: 'cookies.meta_description',
  },
  signin: {
    namespace: 'auth',
    title: 'sign_in.page_title',
    description: 'sign_in.meta_description',
  },
};
