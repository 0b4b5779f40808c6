// The offline page's script: shows the notice in the reader's language (spec §9 order).
import '@fontsource-variable/inter';
import './index.css';
import { detectInterfaceLanguage } from '@/lib/language-detector';

const language = detectInterfaceLanguage();
for (const section of document.querySelectorAll<HTMLElement>('main[lang]')) {
  section.hidden = section.lang !== language;
}
document.documentElement.lang = language;
