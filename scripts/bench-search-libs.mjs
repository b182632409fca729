#!/usr/bin/env node
/**
 * The file store's search (issue 29: "index in a Web Worker with a well-kept client-side search library — justify the
 * choice by size and speed"): the engine the file store runs (src/catalog-engine/: SearchIndex over the DevStore built
 * from the catalog's triples) beside MiniSearch and FlexSearch (Document index), in Node (one V8, as in the worker), on
 * the Antwerp catalog of ../shared (491 datasets) ×1 and ×4 (scripts/bench-catalog.mjs multiplyCatalog: each copy its
 * own dataset IRIs, and its titles, descriptions and keywords made distinct with a ` #k` at the end, so that ×4 has
 * four times the distinct text a real catalog that size has, not the same values four times). For each:
 *   - bytes: esbuild bundle (minified, ESM, browser) of what a page would download for the search part, gzip. For the
 *     engine: its search layer (index, Lucene parser, evaluation, facets, sorts); its marginal cost is 0, since the
 *     file store needs the engine for everything else the blocks ask (entry JSON, facets, sorts, paging). A library
 *     comes on top of it.
 *   - build: CPU time (process.cpuUsage, user + system) of building the index. The engine indexes every field of every
 *     entry (datasets, distributions, agents: what all the blocks' queries need); the libraries index the datasets'
 *     free-text fields only: title, description and keywords (the fields of the blocks' free-text clause,
 *     src/search/query.ts TERM_FIELDS: title, description, tag.literal). The documents are taken from the store
 *     beforehand and not counted.
 *   - heap: the JS heap the index keeps (heapUsed after a garbage collection, minus before the build): built, and once
 *     it has answered the queries (the engine derives some postings and keeps facet columns when first asked).
 *   - first query: the first free-text query after the build (the engine derives some postings when first asked).
 *   - query: per free-text query, asked as a new term (the engine's term cache emptied before each call) (words of the catalog, and prefixes as a user types them), median time of the
 *     datasets matching it: the engine answers the blocks' query (`rdfType:…Dataset AND public:true AND
 *     (title:t OR description:t OR tag.literal:t)` per token, the page's first 20 rows); MiniSearch searches with
 *     prefix matching and AND across the tokens; FlexSearch searches each token in every field and the hits are
 *     intersected across the tokens by hand (a Document index ANDs tokens within one field only).
 *   - the blocks' query: free text + counts of the search page's facets (theme, publisher, format, licence, access,
 *     keyword) + sort by title + the first 20 rows: the engine answers it itself; for a library the counts, the sort and
 *     the page are done by hand over its hits (per-dataset facet values and titles prepared beforehand, not counted).
 *   - agreement: per query, how many datasets each returns and how many of them the engine returns too (the engine
 *     gives what EntryStore gives: ngram fields match a token as a 3–25 character substring of the lower-cased value,
 *     ../shared/docs/entrystore-api.md §2.3).
 * Medians of --runs runs (default 3) of each build; each query timed --reps times (default 10) per run.
 * Skipped (exit 0, a clear message) when ../shared is absent. `npm run bench:search-libs`; not part of `npm run bench`
 * (about 80 s of CPU, most of it FlexSearch's full index at ×4).
 *
 *   node --import tsx scripts/bench-search-libs.mjs [--copies 1,4] [--runs 3] [--reps 10] [--json FILE] [--write-readme]
 * --write-readme puts the tables into README.md between <!-- bench-search-libs:start --> and <!-- bench-search-libs:end -->.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import MiniSearch from 'minisearch';
import { Document } from 'flexsearch';
import { root } from './entries.mjs';
import { ANTWERP, multiplyCatalog } from './bench-catalog.mjs';
import { writeReadmeSection } from './readme-section.mjs';
import { parseRdfText } from '../src/catalog-engine/parse/text.ts';
import { CatalogBuilder } from '../src/catalog-engine/catalog-builder.ts';
import { DevStore } from '../src/catalog-engine/catalog.ts';
import { SearchIndex } from '../src/catalog-engine/search/index.ts';
import { runSearch } from '../src/catalog-engine/search/search.ts';
import { parseParams } from '../src/catalog-engine/params.ts';
import { termsClause, termTokens, titleSort } from '../src/search/query.ts';
import { DEFAULT_FACETS, facetFieldsFor } from '../src/search/facets.ts';

/** Free text as a user types it on the Antwerp catalog (Dutch, some English), prefixes included. */
const QUERIES = ['par', 'park', 'parkeer', 'bevolk', 'bevolking', 'onderwijs', 'school', 'fiets', 'groen', 'geluid', 'zorg', 'overstroming', 'bereik buurt', 'klimaat 2050', 'csv', 'noise', 'map'];
const FACET_LIMIT = 1000;
const ROWS = 20;
const LANG = 'nl';
const DATASET_TYPE = 'rdfType:http\\://www.w3.org/ns/dcat#Dataset AND public:true';

function parseArgs(argv) {
  const opts = { copies: [1, 4], runs: 3, reps: 10, json: undefined, writeReadme: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) usage(`${a} needs a value`);
      return v;
    };
    if (a === '--copies') opts.copies = value().split(',').map(Number).filter((n) => n > 0);
    else if (a === '--runs') opts.runs = Math.max(1, Number(value()) || 3);
    else if (a === '--reps') opts.reps = Math.max(1, Number(value()) || 10);
    else if (a === '--json') opts.json = value();
    else if (a === '--write-readme') opts.writeReadme = true;
    else if (a === '--help' || a === '-h') usage();
    else usage(`unknown option ${a}`);
  }
  return opts;
}

function usage(problem) {
  if (problem) console.error(`bench-search-libs: ${problem}`);
  console.error('usage: node --import tsx scripts/bench-search-libs.mjs [--copies 1,4] [--runs 3] [--reps 10] [--json FILE] [--write-readme]');
  process.exit(problem ? 2 : 0);
}

const median = (values) => {
  const s = values.filter((v) => v !== undefined).sort((a, b) => a - b);
  if (!s.length) return undefined;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
/** JS heap in use after two full collections, once the current job has ended (what it still holds is let go). */
const heapNow = async () => {
  await new Promise((done) => setImmediate(done));
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const cpuMs = (since) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};
/** Median wall time of `reps` calls (the calls are synchronous CPU work in one thread: wall ≈ CPU). */
async function timed(reps, fn) {
  const times = [];
  let out;
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    out = await fn();
    times.push(performance.now() - t0);
  }
  return { ms: median(times), out };
}

// ---------------------------------------------------------------------------------------------------------------
// Bytes

async function gzipBytes(contents, resolveDir) {
  const out = await build({ stdin: { contents, resolveDir, loader: 'ts' }, bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, logLevel: 'silent' });
  const js = out.outputFiles[0].contents;
  return { bytes: js.length, gzip: gzipSync(js).length };
}

// ---------------------------------------------------------------------------------------------------------------
// The catalog as the engine holds it, and the datasets' fields a library would index

const NS = { dcterms: 'http://purl.org/dc/terms/', dcat: 'http://www.w3.org/ns/dcat#' };
/** The datasets' predicates behind the blocks' free-text fields (title, description, tag.literal). */
const FREE_TEXT_PREDICATES = [`${NS.dcterms}title`, `${NS.dcterms}description`, `${NS.dcat}keyword`, `${NS.dcterms}subject`];

function buildStore(triples) {
  const store = new DevStore('https://catalog.invalid/store/', new Date('2026-01-01T00:00:00Z'));
  const catalog = new CatalogBuilder();
  for (const t of triples) catalog.add(t);
  store.addContext('https://catalog.invalid/antwerpen.ttl', catalog, 'catalog');
  return store;
}

/**
 * Per dataset entry: the free-text fields (title: every dcterms:title, description, keywords: dcat:keyword and
 * dcterms:subject literals) and the values the search page's facets count, taken from the entry's metadata and, for
 * formats and licences, from its distributions' entries (as EntryStore's related indexing does).
 */
function datasetDocs(store) {
  const docs = [];
  for (const e of store.entries()) {
    if (e.kind !== 'dataset') continue;
    const own = (p, s = e.resourceUri, m = e.metadata) => m.filter((t) => t.subject.value === s && t.predicate === p).map((t) => t.object);
    const lits = (p) => own(p).filter((o) => o.termType === 'Literal').map((o) => o.value);
    const iris = (p, s, m) => own(p, s, m).filter((o) => o.termType === 'NamedNode').map((o) => o.value);
    const dists = own(`${NS.dcat}distribution`).flatMap((o) => store.entriesByResource(o.value).map((d) => d.metadata.filter((t) => t.subject.value === o.value)));
    const distValues = (p) => dists.flatMap((m) => m.filter((t) => t.predicate === p).map((t) => t.object.value));
    const titles = own(`${NS.dcterms}title`);
    docs.push({
      id: e.resourceUri,
      title: lits(`${NS.dcterms}title`).join(' \n '),
      description: lits(`${NS.dcterms}description`).join(' \n '),
      keywords: [...lits(`${NS.dcat}keyword`), ...lits(`${NS.dcterms}subject`)].join(' \n '),
      sortTitle: (titles.find((t) => t.language === LANG) ?? titles.find((t) => !t.language))?.value,
      facets: {
        theme: iris(`${NS.dcat}theme`),
        org: iris(`${NS.dcterms}publisher`),
        format: [...own(`${NS.dcterms}format`).map((o) => o.value), ...distValues(`${NS.dcterms}format`), ...distValues(`${NS.dcat}mediaType`)],
        license: [...iris(`${NS.dcterms}license`), ...distValues(`${NS.dcterms}license`)],
        access: iris(`${NS.dcterms}accessRights`),
        keyword: lits(`${NS.dcat}keyword`),
      },
    });
  }
  return docs;
}

// ---------------------------------------------------------------------------------------------------------------
// The contenders: build(docs, store) → index; search(index, text) → ids of the matching datasets

const engineUrl = (text, extra = '') => `https://catalog.invalid/store/search?type=solr&query=${encodeURIComponent(`${DATASET_TYPE} AND ${termsClause([text])}`)}&limit=${ROWS}${extra}`;
const BLOCKS_EXTRA = `&sort=${encodeURIComponent(titleSort(LANG))}&facetFields=${encodeURIComponent(facetFieldsFor(DEFAULT_FACETS).join(','))}&facetLimit=${FACET_LIMIT}`;
/** The engine's answer: every matching dataset (all pages) by its resource URI. */
async function engineIds(index, text) {
  const ids = new Set();
  for (let offset = 0; ; offset += 100) {
    const { body } = await runSearch(index.store, index, parseParams(`${engineUrl(text).replace(`limit=${ROWS}`, 'limit=100')}&offset=${offset}`));
    for (const r of body.resource.children) ids.add(index.store.getEntry(r.contextId, r.entryId).resourceUri);
    if (offset + 100 >= body.results) return { ids, total: body.results };
  }
}

const FIELDS = ['title', 'description', 'keywords'];
/** FlexSearch's encoder as EntryStore's ngram fields analyse text: lower case only (its default `Normalize` also folds diacritics and collapses doubled letters: `parkeer` finds `parker`; `Exact` keeps case). */
const LOWER_CASE = { normalize: (s) => s.toLowerCase(), dedupe: false, numeric: false };
const CONTENDERS = [
  {
    key: 'engine',
    label: 'our engine (SearchIndex)',
    build: (_docs, store) => new SearchIndex(store, true),
    query: async (index, text) => (await runSearch(index.store, index, parseParams(engineUrl(text)))).body.results,
    blocks: async (index, text) => (await runSearch(index.store, index, parseParams(engineUrl(text, BLOCKS_EXTRA)))).body.results,
  },
  {
    key: 'minisearch',
    label: 'MiniSearch (prefix, AND)',
    build: (docs) => {
      const ms = new MiniSearch({ fields: FIELDS, idField: 'id' });
      ms.addAll(docs);
      return ms;
    },
    ids: (ms, text) => ms.search(text, { prefix: true, combineWith: 'AND' }).map((r) => r.id),
  },
  ...['forward', 'full'].map((tokenize) => ({
    key: `flexsearch-${tokenize}`,
    label: `FlexSearch Document (tokenize: ${tokenize})`,
    build: (docs) => {
      const index = new Document({ document: { id: 'id', index: FIELDS }, tokenize, encoder: LOWER_CASE });
      for (const d of docs) index.add({ id: d.id, title: d.title, description: d.description, keywords: d.keywords });
      return index;
    },
    ids: (index, text) => {
      let hits;
      for (const token of termTokens(text)) {
        const found = new Set(index.search(token, { limit: 1e6, merge: true }).map((r) => r.id));
        hits = hits ? new Set([...hits].filter((id) => found.has(id))) : found;
      }
      return [...(hits ?? [])];
    },
  })),
];

/** What a library's hits still need for the blocks' query: facet counts, sort by title, the first page. */
function blocksByHand(ids, byId, collator) {
  const counts = Object.fromEntries(DEFAULT_FACETS.map((f) => [f, new Map()]));
  const hits = ids.map((id) => byId.get(id));
  for (const d of hits) {
    for (const f of DEFAULT_FACETS) {
      for (const v of new Set(d.facets[f])) counts[f].set(v, (counts[f].get(v) ?? 0) + 1);
    }
  }
  for (const f of DEFAULT_FACETS) counts[f] = [...counts[f]].sort((a, b) => b[1] - a[1]).slice(0, FACET_LIMIT);
  // datasets without a title first, as the store's title sort puts them
  const page = hits.sort((a, b) => (a.sortTitle === undefined ? -1 : b.sortTitle === undefined ? 1 : collator.compare(a.sortTitle, b.sortTitle))).slice(0, ROWS);
  return { total: hits.length, counts, page };
}

// ---------------------------------------------------------------------------------------------------------------

const opts = parseArgs(process.argv.slice(2));
if (!existsSync(ANTWERP)) {
  console.log(`bench-search-libs: skipped: the Antwerp catalog (${ANTWERP}) is not there (../shared/fixtures is absent); nothing measured, README.md left as it is.`);
  process.exit(0);
}
const started = Date.now();
const loadBefore = loadavg()[0];
const engineDir = join(root, 'src/catalog-engine/search');
const bytes = {
  engine: await gzipBytes("export { SearchIndex } from './index.ts'; export { runSearch } from './search.ts';", engineDir),
  minisearch: await gzipBytes("export { default } from 'minisearch';", root),
  'flexsearch-forward': await gzipBytes("export { Document } from 'flexsearch';", root),
};
bytes['flexsearch-full'] = bytes['flexsearch-forward'];

const source = await parseRdfText(readFileSync(ANTWERP, 'utf8'), { file: ANTWERP, baseIri: 'https://catalog.invalid/' });
const collator = new Intl.Collator(LANG);
const results = [];
for (const copies of opts.copies) {
  // the copies' text made distinct: the engine scans distinct values, the libraries' vocabularies grow with them
  const { triples, datasets } = multiplyCatalog(source, copies, { distinctText: FREE_TEXT_PREDICATES });
  const prepStore = buildStore(triples);
  const t0 = process.cpuUsage();
  const docs = datasetDocs(prepStore);
  const docsMs = cpuMs(t0);
  if (docs.length !== datasets) throw new Error(`${docs.length} dataset entries of ${datasets} datasets`);
  const byId = new Map(docs.map((d) => [d.id, d]));
  console.log(`bench-search-libs: Antwerp ×${copies}: ${datasets} datasets, ${triples.length.toLocaleString('en')} triples`);
  let reference; // the engine's answer per query: the ids EntryStore would return
  for (const c of CONTENDERS) {
    const runs = [];
    let agreement;
    for (let run = 0; run < opts.runs; run++) {
      let store = c.key === 'engine' ? buildStore(triples) : undefined;
      const before = await heapNow();
      const t0 = process.cpuUsage();
      let index = c.build(docs, store);
      const buildMs = cpuMs(t0);
      const heap = (await heapNow()) - before;
      const search = c.ids ? (text) => c.ids(index, text) : undefined;
      const first = (await timed(1, () => (search ? search(QUERIES[0]) : c.query(index, QUERIES[0])))).ms;
      const query = {};
      const blocks = {};
      // each call as a new term: the engine's cache of scanned terms (kept for the page, sort and facet changes that
      // send the same term again) is emptied before it; the libraries keep no such cache
      const fresh = (fn) => () => {
        index.termCache?.clear();
        return fn();
      };
      for (const q of QUERIES) {
        query[q] = (await timed(opts.reps, fresh(() => (search ? search(q) : c.query(index, q))))).ms;
        blocks[q] = (await timed(opts.reps, fresh(() => (search ? blocksByHand(search(q), byId, collator) : c.blocks(index, q))))).ms;
      }
      if (run === 0) {
        if (c.key === 'engine') reference = Object.fromEntries(await Promise.all(QUERIES.map(async (q) => [q, (await engineIds(index, q)).ids])));
        agreement = Object.fromEntries(QUERIES.map((q) => {
          const ids = search ? new Set(search(q)) : reference[q];
          return [q, { n: ids.size, common: [...ids].filter((id) => reference[q].has(id)).length, engine: reference[q].size }];
        }));
      }
      // what the index holds once it has answered (the engine derives postings and keeps facet columns when first asked)
      const heapUsed = (await heapNow()) - before;
      // let go of this run's index (and store) before the next run measures its baseline
      index = undefined;
      store = undefined;
      runs.push({ buildMs, heap, heapUsed, first, query, blocks });
      console.log(`bench-search-libs: ×${copies} ${c.label} run ${run + 1}: build ${buildMs.toFixed(0)} ms CPU, heap ${(heap / 1e6).toFixed(1)} MB, first query ${first.toFixed(2)} ms`);
    }
    const perQuery = (k) => Object.fromEntries(QUERIES.map((q) => [q, median(runs.map((r) => r[k][q]))]));
    const query = perQuery('query');
    const blocks = perQuery('blocks');
    results.push({
      copies, datasets, key: c.key, label: c.label, ...bytes[c.key], docsMs: c.key === 'engine' ? undefined : docsMs,
      buildMs: median(runs.map((r) => r.buildMs)), heap: median(runs.map((r) => r.heap)), heapUsed: median(runs.map((r) => r.heapUsed)), first: median(runs.map((r) => r.first)),
      query, blocks, queryMedian: median(Object.values(query)), queryMax: Math.max(...Object.values(query)),
      blocksMedian: median(Object.values(blocks)), blocksMax: Math.max(...Object.values(blocks)), agreement,
    });
  }
  // the documents, stores and indexes of this size are garbage now
  await heapNow();
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
const ms = (n) => (n < 10 ? n.toFixed(2) : n.toFixed(0));
const agreementOf = (r) => {
  const qs = Object.values(r.agreement);
  const same = qs.filter((a) => a.n === a.engine && a.common === a.engine).length;
  return `${same} of ${qs.length}`;
};
const table = [
  '| Datasets | Search | JS gzip (min) | Documents CPU | Build CPU | Heap: built / used | First query | Free-text query, new term: median / max | Blocks\' query, new term: median / max | Same datasets as EntryStore |',
  '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map((r) => `| ${r.datasets.toLocaleString('en')} | ${r.label} | ${r.key === 'engine' ? `${kb(r.gzip)} (${kb(r.bytes)}); marginal 0` : `+${kb(r.gzip)} (${kb(r.bytes)})`} | ${r.docsMs === undefined ? '– (in its build)' : `${ms(r.docsMs)} ms`} | ${ms(r.buildMs)} ms | ${mb(r.heap)} / ${mb(r.heapUsed)} | ${ms(r.first)} ms | ${ms(r.queryMedian)} / ${ms(r.queryMax)} ms | ${ms(r.blocksMedian)} / ${ms(r.blocksMax)} ms | ${agreementOf(r)} queries |`),
];
const firstCopies = opts.copies[0];
const atFirst = results.filter((r) => r.copies === firstCopies);
const agreeTable = [
  `| Query (×${firstCopies}) | ${atFirst.map((r) => r.label).join(' | ')} |`,
  `|---|${atFirst.map(() => '---:').join('|')}|`,
  ...QUERIES.map((q) => `| \`${q}\` | ${atFirst.map((r) => {
    const a = r.agreement[q];
    return r.key === 'engine' ? `${a.n}` : `${a.n}${a.common === a.engine && a.n === a.engine ? ' =' : ` (${a.common} shared, ${a.engine - a.common} missed, ${a.n - a.common} extra)`}`;
  }).join(' | ')} |`),
];
const cpu = cpus()[0]?.model?.trim() ?? 'unknown CPU';
const text = [
  `Search libraries beside the engine (\`npm run bench:search-libs\`, \`scripts/bench-search-libs.mjs\`, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, `
  + `${cpus().length} × ${cpu}, 1-minute load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after): the Antwerp catalog of \`../shared\` ×${opts.copies.join(', ×')}, `
  + 'each copy with its own dataset IRIs and its titles, descriptions and keywords ending in ` #k` (distinct text, as a real catalog that size has), '
  + `medians of ${opts.runs} builds, each query timed ${opts.reps} times per build. `
  + 'JS: the esbuild bundle (minified) of the search part, gzip; the engine\'s search layer (index, query parser, facets, sorts) is needed by the file store for every block query, so a library adds its bytes on top. '
  + 'Documents: CPU time a library needs first to take each dataset\'s text, title and facet values (formats and licences from its distributions) from the store; the engine reads them in its build. '
  + 'Build: CPU time; the engine indexes every field of every entry (datasets, distributions, agents), the libraries the datasets\' title, description and keywords only. '
  + 'Heap: what the index keeps after a garbage collection, built and once it has answered the queries (the engine derives some postings and keeps facet columns when first asked); the store the file store needs anyway is not counted. First query: the first free-text query after the build. '
  + `Free-text query: the datasets matching each of ${QUERIES.length} queries (below), each asked as a new term (the engine keeps the terms it scanned for the page, sort and facet changes that send them again: its cache is emptied before each call); the engine answers the blocks' Solr query (first ${ROWS} rows), the libraries return their hits. `
  + `Blocks' query: free text + counts of the search page's ${DEFAULT_FACETS.length} facets + sort by title + the first ${ROWS} rows, done by hand over a library's hits. `
  + 'Same datasets: queries for which a library returns exactly the datasets EntryStore\'s semantics return (each token a 3–25 character substring of title, description or a keyword).',
  '',
  ...table,
  '',
  `Datasets found per query (×${firstCopies}; \`=\`: the same datasets as the engine):`,
  '',
  ...agreeTable,
].join('\n');
console.log(`\n${text}\n\nbench-search-libs: ${Math.round((Date.now() - started) / 1000)} s`);
if (opts.json) writeFileSync(opts.json, JSON.stringify({ runs: opts.runs, results }, null, 2));
if (opts.writeReadme) writeReadmeSection('bench-search-libs', text);
