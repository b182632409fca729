/**
 * UI language of a block (behaviour doc §9.1): the element's own `lang` attribute → page config `lang`
 * (`data-lang`, `page_language`) → the nearest ancestor's `lang` (normally `<html lang>`) → browser language →
 * English. Only sv, en and de are supported; an unsupported tag falls through to the next source.
 */
import { toLang, type Lang } from '../i18n/index.ts';
import type { GlobalConfig } from './params.ts';

export function blockLang(el: Element, page: GlobalConfig): Lang {
  const own = toLang(el.getAttribute('lang'));
  if (own) return own;
  const configured = toLang(typeof page.lang === 'string' ? page.lang : undefined);
  if (configured) return configured;
  const inherited = toLang(el.parentElement?.closest('[lang]')?.getAttribute('lang') ?? el.ownerDocument?.documentElement.lang);
  if (inherited) return inherited;
  // (no navigator in Node 20)
  return toLang(globalThis.navigator?.language) ?? 'en';
}
