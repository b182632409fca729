/**
 * UI strings for the blocks: `src/i18n` plus the few block-only strings that are not in the shared table
 * (accessible names that include a title). Same `{name}` placeholders as `msg`.
 */
import { msg, type Lang } from '../../src/i18n/index.ts';

const BLOCK_STRINGS: Readonly<Record<string, Readonly<Record<Lang, string>>>> = {
  'row.moreAbout': {
    en: 'More information about {title}',
    sv: 'Mer information om {title}',
    de: 'Weitere Informationen zu {title}',
  },
  'dist.downloadNamed': {
    en: 'Download {name}',
    sv: 'Ladda ner {name}',
    de: '{name} herunterladen',
  },
};

export function t(lang: Lang, key: string, vars?: Record<string, string | number>): string {
  const local = BLOCK_STRINGS[key]?.[lang];
  if (local === undefined) return msg(lang, key, vars);
  return local.replace(/\{(\w+)\}/g, (whole, name: string) => (vars?.[name] === undefined ? whole : String(vars[name])));
}
