/**
 * The labels only landing pages name (issue 28 point 4), in a lazy chunk that loads when such an IRI shows
 * (src/dcat/read-values.ts registers the namespaces): EU countries, GeoNames places a page names as the EU country
 * they are, GEMET concepts (shards by concept number, src/dcat/vocab/gemet-shards.ts). A search page's initial code
 * holds none of it.
 */
import type { Graph, Term } from '../../rdf/graph.ts';
import { defined } from '../defined.ts';
import type { Value } from '../model.ts';
import { LABEL_PROPERTIES, type Reader } from '../read.ts';
import { safeHref } from '../safe.ts';
import { baseLang, vocabEntry, vocabText, type VocabChunk } from '../vocab.ts';

type Lang = 'sv' | 'en' | 'de';
const COUNTRY = { sv: () => import('./country.sv.ts'), en: () => import('./country.en.ts'), de: () => import('./country.de.ts') };
const COUNTRIES = 'http://publications.europa.eu/resource/authority/country/';
/** = GEMET_SHARDS of scripts/build-vocab.mjs: GEMET is cut into this many chunks per language by concept number. */
const GEMET_SHARDS = 16;
/** English country name (lower case) → country URI; null for a name two countries share. Filled with the English names. */
const BY_NAME = new Map<string, string | null>();

/**
 * The chunks that name `key` (`<namespace>`, `<GEMET namespace><shard>`, `<namespace>*`: all of it; read-values.ts)
 * in `lang`: GEMET in English or German (no Swedish source: a Swedish page reads the English shard, whose labels say
 * they are English); the countries; for a GeoNames place the page's country names, and the English ones are read for
 * `placeValue`.
 */
export async function chunksFor(key: string, lang: Lang): Promise<VocabChunk | VocabChunk[]> {
  if (key.includes('/gemet/concept/')) {
    const { gemetShard } = await import('./gemet-shards.ts');
    const l = lang == 'de' ? 'de' : 'en';
    return key.endsWith('*')
      ? Promise.all(Array.from({ length: GEMET_SHARDS }, (_, n) => gemetShard(n, l)))
      : gemetShard(Number(/\d*$/.exec(key)![0]) % GEMET_SHARDS, l);
  }
  if (!key.includes('geonames.org/')) return COUNTRY[lang]();
  const [names, en] = await Promise.all([COUNTRY[lang](), COUNTRY.en()]);
  if (!BY_NAME.size) {
    for (const [code, name] of Object.entries(en.default[COUNTRIES] ?? {})) {
      const k = name.toLowerCase();
      BY_NAME.set(k, BY_NAME.has(k) ? null : COUNTRIES + code);
    }
  }
  return names;
}

/**
 * A place the metadata names as an EU country in English and in no UI language of the page (GeoNames 2661886
 * "Sverige"@se, "Sweden"@en: the country SWE): the country's name in the UI language, linked to the place
 * (read-values.ts spatialValue). Else undefined.
 */
export function placeValue(r: Reader, term: Term, within?: Graph): Value | undefined {
  const own = r.label(term, within);
  if (!own || baseLang(own.lang) === r.ui || vocabEntry(term.value)) return undefined;
  for (const name of r.objectsOf(r.node(term, within), LABEL_PROPERTIES)) {
    const country = name.termType === 'Literal' && baseLang(name.language ?? '') == 'en' && BY_NAME.get(name.value.trim().toLowerCase());
    const text = country && vocabText(country, r.lang);
    if (text) return defined<Value>({ kind: 'link', text, href: safeHref(term.value), uri: term.value });
  }
  return undefined;
}
