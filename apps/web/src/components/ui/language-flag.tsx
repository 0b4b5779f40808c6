import type { InterfaceLanguage } from '@parlo/contract/constants';
import br from '@/assets/flags/br.svg';
import es from '@/assets/flags/es.svg';
import gb from '@/assets/flags/gb.svg';
import jp from '@/assets/flags/jp.svg';
import kr from '@/assets/flags/kr.svg';

/**
 * The flag beside each interface language's name (spec: the switcher shows flag plus name), as
 * an image of Parlo's own: flag emoji show as two letters on Windows and as empty boxes where no
 * emoji font is installed. Spain's is its civil flag, Brazil's drawn without its motto and stars,
 * so both stay legible at 20 px and weigh a few hundred bytes.
 */
const FLAG_URLS: Record<InterfaceLanguage, string> = { en: gb, es, pt: br, ko: kr, ja: jp };

/** Decorative: the language's name always stands beside it. */
export function LanguageFlag({ code }: { code: InterfaceLanguage }) {
  return (
    <img
      src={FLAG_URLS[code]}
      alt=""
      width={20}
      height={15}
      decoding="async"
      className="h-[15px] w-5 shrink-0 rounded-[2px] object-cover ring-1 ring-black/10"
    />
  );
}
