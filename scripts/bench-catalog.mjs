// The search catalog of `npm run bench` (scripts/bench.mjs, scripts/bench-critical-path.mjs): the file given with
// `--catalog`; else the Antwerp catalog of ../shared (491 real datasets, messy as harvested) when it is there; else, on
// a fresh clone, a generated DCAT-AP catalog of as many datasets (scripts/generate-catalog.mjs, seed 1), so the bench
// runs anywhere. The benches name the catalog in what they print and write into README.md.
// `multiplyCatalog` makes a larger catalog of a real one (scripts/bench-file-store.mjs, scripts/bench-search-libs.mjs).
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

const DCAT = 'http://www.w3.org/ns/dcat#';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
/** The resources each copy has its own IRIs for; everything else (catalog, agents, vocabularies) is shared. */
const COPIED_TYPES = new Set([`${DCAT}Dataset`, `${DCAT}Distribution`, `${DCAT}DataService`]);

/**
 * A catalog's triples `copies` times in one graph, as a catalog that size would be: copy k > 1 gives its datasets,
 * distributions and data services the IRI `…-copy<k>` and its blank nodes the label `c<k>_…`; the catalog, the agents
 * and the vocabulary IRIs stay shared. `datasets`: how many dcat:Dataset subjects the result has.
 * `distinctText`: predicates whose literals on copy k's own resources (k > 1) end with ` #k`, so that a search over distinct values (the
 * engine scans each distinct title once) meets as many values as in a real catalog of that size, not the same ones.
 */
export function multiplyCatalog(triples, copies, { distinctText = [] } = {}) {
  const textPredicates = new Set(distinctText);
  const copied = new Set(triples.filter((t) => t.predicate === RDF_TYPE && COPIED_TYPES.has(t.object.value) && t.subject.termType === 'NamedNode').map((t) => t.subject.value));
  const out = [];
  for (let k = 1; k <= copies; k++) {
    const term = (t) => {
      if (k === 1) return t;
      if (t.termType === 'BlankNode') return { termType: 'BlankNode', value: `c${k}_${t.value}` };
      if (t.termType === 'NamedNode' && copied.has(t.value)) return { termType: 'NamedNode', value: `${t.value}-copy${k}` };
      return t;
    };
    for (const t of triples) {
      const subject = term(t.subject);
      const own = subject !== t.subject; // a resource of this copy (a shared one says the same in every copy)
      const object = own && t.object.termType === 'Literal' && textPredicates.has(t.predicate) ? { ...t.object, value: `${t.object.value} #${k}` } : term(t.object);
      out.push({ ...t, subject, object });
    }
  }
  return { triples: out, datasets: copies * triples.filter((t) => t.predicate === RDF_TYPE && t.object.value === `${DCAT}Dataset`).length };
}
