// The search catalog of `npm run bench` (scripts/bench.mjs, scripts/bench-critical-path.mjs): the file given with
// `--catalog`; else the Antwerp catalog of ../shared (491 real datasets, messy as harvested) when it is there; else, on
// a fresh clone, a generated DCAT-AP catalog of as many datasets (scripts/generate-catalog.mjs, seed 1), so the bench
// runs anywhere. The benches name the catalog in what they print and write into README.md.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { root } from './entries.mjs';
import { generateCatalog, SAMPLE } from './generate-catalog.mjs';

export const ANTWERP = resolve(root, '../shared/fixtures/dcat/large/antwerpen-dcat.xml');
/** As many datasets as the Antwerp catalog, so both kinds of run measure pages of the same sizes. */
export const GENERATED_DATASETS = 491;

/**
 * `{ file, label, term }`: the catalog file, how the README names it, and a search term that finds part of it (the
 * generated catalog's text comes from word lists without "data"). Throws when a given file is missing.
 */
export async function benchCatalog(given) {
  if (given) {
    if (!existsSync(given)) throw new Error(`catalog file not found: ${given}`);
    return { file: given, label: given.split('/').pop(), term: 'data' };
  }
  if (existsSync(ANTWERP)) return { file: ANTWERP, label: 'antwerpen-dcat.xml', term: 'data' };
  const gen = await generateCatalog({ datasets: GENERATED_DATASETS, seed: 1 });
  return { file: gen.file, label: `a generated catalog of ${GENERATED_DATASETS} datasets (scripts/generate-catalog.mjs, seed 1; ../shared absent)`, term: SAMPLE.enWords[0] };
}
