import { i18n, initI18n } from '@/lib/i18n';

/** Real English texts for component tests, loaded before rendering so nothing suspends. */
export async function initTestI18n(namespaces: string[] = ['common', 'auth']) {
  await initI18n();
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(namespaces);
  return i18n;
}
