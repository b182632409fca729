// The EU country a GeoNames place is, by the English name the metadata gives it ("Sweden"@en is the country SWE): a
// lazy chunk that loads with a non-English page's country names when a GeoNames IRI shows (src/dcat/read-values.ts),
// never on a page's initial path.
import tables from './country.en.ts';

const COUNTRIES = 'http://publications.europa.eu/resource/authority/country/';
/** English name (lower case) → country URI; null for a name two countries share. */
const BY_NAME = new Map<string, string | null>();
for (const [code, name] of Object.entries(tables[COUNTRIES] ?? {})) {
  const key = name.toLowerCase();
  BY_NAME.set(key, BY_NAME.has(key) ? null : COUNTRIES + code);
}

/** The URI of the one EU country whose English name is `name`, else undefined. */
export const countryNamed = (name: string): string | undefined => BY_NAME.get(name.trim().toLowerCase()) ?? undefined;
