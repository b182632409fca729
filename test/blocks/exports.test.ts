// <dataset-exports> (behaviour doc §6.7) against the dev store: CSV of the demo catalog (header + one row per dataset,
// labels in the page language, RFC 4180 quoting), Turtle / RDF/XML / JSON-LD that parse back, the whole result paged
// 100 per request with progress, the 10,000 cap, nothing to export at 0 hits, buttons disabled while exporting, the
// download itself, and axe in every state. The CSV writer has its own tests at the end.
import { expect, fixture, html } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import '../../blocks/base/store-provider.ts';
import '../../blocks/dataset-list/dataset-list.ts';
import '../../blocks/dataset-exports/dataset-exports.ts';
import { type DatasetExports, type ExportDetail, type ExportFormat } from '../../blocks/dataset-exports/dataset-exports.ts';
import { collectResult, CSV_COLUMNS, EXPORT_CAP } from '../../blocks/dataset-exports/export-data.ts';
import { csvField, parseCsv, toCsv } from '../../blocks/dataset-exports/csv.ts';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import { Graph, type Term } from '../../src/rdf/graph.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { scopeFor, type SearchScope } from '../../src/search/scope.ts';
import { DEFAULT_SETTINGS } from '../../src/search/scope.ts';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import type { CatalogStore, SearchRequest, SearchResult, StoreEntry } from '../../src/store/types.ts';
import { devStore, rdflibBrowserBuild, setPageUrl, text } from './helpers.ts';

let n = 0;
const freshScope = (): string => `exp${Date.now().toString(36)}x${++n}`;

async function until(predicate: () => boolean, what: string): Promise<void> {
  const start = performance.now();
  while (!predicate()) {
    if (performance.now() - start > 8000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => requestAnimationFrame(r));
  }
}

const DEMO_DATASET = 'https://github.com/MansMeg/SwedishPolls';
// The exports write with the real serialiser (src/rdf/serialize.ts); the files are parsed back with an independent
// parser, rdflib's browser build (its ES module build cannot load in the test runner: a CommonJS XML dependency).
interface Rdf {
  graph(): { add(s: unknown, p: unknown, o: unknown): void; statements: { subject: RdfTerm; predicate: RdfTerm; object: RdfTerm }[] };
  sym(v: string): unknown;
  blankNode(v: string): unknown;
  literal(v: string, langOrType?: unknown): unknown;
  parse(text: string, store: unknown, base: string, type: string, cb: (err: unknown) => void): void;
}
interface RdfTerm {
  termType: string;
  value: string;
}
const MEDIA = { turtle: 'text/turtle', rdfxml: 'application/rdf+xml', jsonld: 'application/ld+json' } as const;
let rdf: Rdf;

const loadRdflibBrowserBuild = (): Promise<Rdf> => rdflibBrowserBuild<Rdf>();

/** Parses RDF text back into a Graph of IRIs and literals (blank nodes keep rdflib's labels). */
async function parseBack(text: string, format: keyof typeof MEDIA): Promise<Graph> {
  const store = rdf.graph();
  await new Promise<void>((resolve, reject) => rdf.parse(text, store, 'http://example.org/', MEDIA[format], (e) => (e ? reject(e) : resolve())));
  const g = new Graph();
  const term = (t: RdfTerm): Term => (t.termType === 'NamedNode' ? { termType: 'NamedNode', value: t.value } : t.termType === 'BlankNode' ? { termType: 'BlankNode', value: t.value } : { termType: 'Literal', value: t.value });
  for (const st of store.statements) g.add(term(st.subject), st.predicate.value, term(st.object));
  return g;
}

let storeUrl: string;
let demoContext: string;
before(async () => {
  rdf = await loadRdflibBrowserBuild();
  storeUrl = (await devStore()).storeUrl;
  demoContext = (await new EntryStoreClient(storeUrl).getEntryByResourceUri(DEMO_DATASET)).contextId;
});

let restoreUrl: () => void;
beforeEach(() => {
  restoreUrl = setPageUrl('');
});
afterEach(() => restoreUrl());

interface Setup {
  exports: DatasetExports;
  list: CatalogBlock;
  scope: SearchScope;
}

/**
 * A list of the demo catalog and an exports block beside it (siblings, same scope). With `store`, both get it from a
 * `<catalog-store-provider>` (the scope's store, which the export uses).
 */
async function setup(opts: { lang?: string; store?: CatalogStore } = {}): Promise<Setup> {
  const scopeName = freshScope();
  const lang = opts.lang ?? 'en';
  const url = opts.store ? undefined : storeUrl;
  const root = await fixture(html`<catalog-store-provider .store=${opts.store}>
    <dataset-list store-url=${ifDefined(url)} scope=${scopeName} context=${demoContext} lang=${lang}></dataset-list>
    <dataset-exports store-url=${ifDefined(url)} scope=${scopeName} lang=${lang}></dataset-exports>
  </catalog-store-provider>`);
  const list = root.querySelector('dataset-list') as CatalogBlock;
  const exports = root.querySelector('dataset-exports') as DatasetExports;
  expect(await list.loadComplete).to.equal('ready');
  await exports.loadComplete;
  return { exports, list, scope: scopeFor(document, scopeName, list.store) };
}

/** The real store client, except that export-sized searches (limit 100) wait for `gate` and then run or fail. */
function gatedStore(gate: Promise<'run' | 'fail'>): CatalogStore {
  const real = new EntryStoreClient(storeUrl);
  return {
    baseUrl: real.baseUrl,
    getEntry: (ref, o) => real.getEntry(ref, o),
    getEntryByResourceUri: (uri, o) => real.getEntryByResourceUri(uri, o),
    lookupByLiteral: (v, o) => real.lookupByLiteral(v, o),
    lookupByUri: (v, p, o) => real.lookupByUri(v, p, o),
    getEntriesByResourceUris: (uris, o) => real.getEntriesByResourceUris(uris, o),
    search: async (request, options) => {
      if (request.limit === 100 && (await gate) === 'fail') throw new Error('store down');
      return real.search(request, options);
    },
  };
}

/** Runs an export and returns the file it would download (the download itself is cancelled). */
async function exported(el: DatasetExports, format: ExportFormat): Promise<ExportDetail & { text: string }> {
  let detail: ExportDetail | undefined;
  const onExport = (e: Event) => {
    e.preventDefault();
    detail = (e as CustomEvent<ExportDetail>).detail;
  };
  el.addEventListener('catalog-export', onExport);
  try {
    el.querySelector<HTMLButtonElement>(`button[data-format="${format}"]`)!.click();
    await until(() => detail !== undefined || !el.exporting, 'export');
    await until(() => !el.exporting, 'export finished');
  } finally {
    el.removeEventListener('catalog-export', onExport);
  }
  if (!detail) throw new Error(`no file: ${text(el.querySelector('.esbExportStatus'))}`);
  return { ...detail, text: await detail.blob.text() };
}

/** Every resource URI of the scope's current search, read page by page straight from the store. */
async function allHits(scope: SearchScope): Promise<string[]> {
  const result = await collectResult(new EntryStoreClient(storeUrl), scope.state, scope.settings, { storeBaseUrl: storeUrl });
  return result.entries.map((e) => e.resourceUri);
}

describe('dataset-exports: rendering', () => {
  it('"Download the result as" labels a group of CSV, Turtle, RDF/XML and JSON-LD buttons; accessible', async () => {
    const { exports } = await setup();
    const group = exports.querySelector('[role="group"]')!;
    expect(text(exports.querySelector(`#${group.getAttribute('aria-labelledby')}`))).to.equal('Download the result as');
    const buttons = [...exports.querySelectorAll('button')];
    expect(buttons.map((b) => text(b))).to.deep.equal(['CSV', 'Turtle', 'RDF/XML', 'JSON-LD']);
    expect(buttons.every((b) => b.type === 'button' && !b.disabled)).to.equal(true);
    expect(exports.querySelector('.esbExportStatus')!.getAttribute('aria-live')).to.equal('polite');
    await expect(exports).to.be.accessible();
  });

  it('the legacy tag <esb-datasetexports> renders the same block', async () => {
    const el = await fixture<DatasetExports>(html`<esb-datasetexports store-url=${storeUrl} scope=${freshScope()} lang="en"></esb-datasetexports>`);
    await el.loadComplete;
    expect([...el.querySelectorAll('button')].map((b) => text(b))).to.deep.equal(['CSV', 'Turtle', 'RDF/XML', 'JSON-LD']);
  });
});

describe('dataset-exports: CSV', () => {
  it('header + one row per dataset of the demo catalog, resource URIs of exactly the hits', async () => {
    const { exports, scope } = await setup();
    const file = await exported(exports, 'csv');
    expect(file.filename).to.equal('export.csv');
    expect(file.blob.type).to.match(/^text\/csv/);
    // A UTF-8 byte order mark first (Blob.text() decodes it away).
    expect([...new Uint8Array(await file.blob.arrayBuffer()).slice(0, 3)]).to.deep.equal([0xef, 0xbb, 0xbf]);
    const records = parseCsv(file.text);
    expect(records[0]).to.deep.equal([
      'Title', 'Description', 'Publisher', 'Theme', 'Keywords', 'Issued', 'Modified', 'Licence', 'Access rights',
      'Landing page', 'Format', 'Resource URI',
    ]);
    const rows = records.slice(1);
    expect(rows.length).to.equal(scope.results!.total);
    expect(rows.every((r) => r.length === CSV_COLUMNS.length)).to.equal(true);
    expect(rows.map((r) => r[11]).sort()).to.deep.equal((await allHits(scope)).sort());
    expect(file.count).to.equal(rows.length);
    expect(text(exports.querySelector('.esbExportStatus'))).to.equal(`Exported ${rows.length} datasets.`);
  });

  it('a row carries labels in the page language: title, publisher name, themes, licence, formats', async () => {
    const { exports } = await setup();
    const rows = parseCsv((await exported(exports, 'csv')).text);
    const polls = rows.find((r) => r[11] === DEMO_DATASET)!;
    expect(polls, 'SwedishPolls row').to.not.equal(undefined);
    expect(polls[0]).to.equal('Swedish Polls');
    expect(polls[1]).to.equal('Swedish opinion polls from 1968 until today');
    expect(polls[2]).to.not.equal('');
    expect(polls[2]).to.not.match(/^https?:/);
    expect(polls[3]!.split('; ')).to.include('Government and public sector');
    expect(polls[5]).to.equal('2014-07-08');
    expect(polls[10]!.split('; ')).to.include('CSV');
  });

  it('in Swedish: Swedish header and Swedish literals', async () => {
    const { exports } = await setup({ lang: 'sv' });
    const records = parseCsv((await exported(exports, 'csv')).text);
    expect(records[0]![0]).to.equal('Titel');
    expect(records.find((r) => r[11] === DEMO_DATASET)![0]).to.equal('Svenska opinionsundersökningar');
  });

  it('exports the current search only: a term narrows the file', async () => {
    const { exports, scope } = await setup();
    scope.update((s) => ({ ...s, terms: ['polls'] }));
    await until(() => scope.status === 'ready' && scope.results?.state.terms[0] === 'polls', 'term applied');
    const rows = parseCsv((await exported(exports, 'csv')).text).slice(1);
    expect(rows.length).to.equal(scope.results!.total);
    expect(rows.length).to.be.greaterThan(0);
    expect(rows.map((r) => r[11])).to.include(DEMO_DATASET);
  });
});

describe('dataset-exports: RDF', () => {
  const PARSE: Record<Exclude<ExportFormat, 'csv'>, { format: 'turtle' | 'rdfxml' | 'jsonld'; file: string }> = {
    turtle: { format: 'turtle', file: 'export.ttl' },
    rdfxml: { format: 'rdfxml', file: 'export.rdf' },
    jsonld: { format: 'jsonld', file: 'export.jsonld' },
  };
  for (const [button, { format, file }] of Object.entries(PARSE) as [Exclude<ExportFormat, 'csv'>, (typeof PARSE)['turtle']][]) {
    it(`${file} parses back: every hit is a dcat:Dataset with its title, and its distributions are described`, async () => {
      const { exports, scope } = await setup();
      const result = await exported(exports, button);
      expect(result.filename).to.equal(file);
      const g = await parseBack(result.text, format);
      const hits = await allHits(scope);
      for (const uri of hits) {
        expect(g.has(uri, `${NS.rdf}type`, `${NS.dcat}Dataset`), uri).to.equal(true);
        expect(g.objects(uri, `${NS.dcterms}title`).length, uri).to.be.greaterThan(0);
      }
      const dist = 'https://github.com/MansMeg/SwedishPolls/blob/master/Data/Polls.csv';
      expect(g.has(DEMO_DATASET, `${NS.dcat}distribution`, dist)).to.equal(true);
      // (The demo catalog keeps the CSV's GitHub address as its access URL; its download URL is the store's copy.)
      expect(g.objects(dist, `${NS.dcat}accessURL`).map((t) => t.value).join(' ')).to.include('github');
    });
  }
});

describe('dataset-exports: progress, states, download', () => {
  it('while exporting: every button disabled, "Exporting 0 of N…" in the live region; afterwards enabled again', async () => {
    let open!: (v: 'run') => void;
    const { exports, scope } = await setup({ store: gatedStore(new Promise((r) => (open = r))) });
    const total = scope.results!.total;
    let file: ExportDetail | undefined;
    exports.addEventListener('catalog-export', (e) => {
      e.preventDefault();
      file = (e as CustomEvent<ExportDetail>).detail;
    });
    const csv = exports.querySelector<HTMLButtonElement>('button[data-format="csv"]')!;
    csv.focus();
    csv.click();
    await exports.updateComplete;
    expect(exports.exporting).to.equal(true);
    expect([...exports.querySelectorAll('button')].every((b) => b.disabled)).to.equal(true);
    expect(text(exports.querySelector('.esbExportStatus'))).to.equal(`Exporting 0 of ${total}…`);
    await expect(exports).to.be.accessible();
    open('run');
    await until(() => file !== undefined && !exports.exporting, 'export done');
    await exports.updateComplete;
    expect([...exports.querySelectorAll('button')].every((b) => !b.disabled)).to.equal(true);
    expect(text(exports.querySelector('.esbExportStatus'))).to.equal(`Exported ${total} datasets.`);
    expect(document.activeElement, 'focus back on the button that started the export').to.equal(csv);
    await expect(exports).to.be.accessible();
  });

  it('0 hits: the buttons are disabled, and an export asked for anyway says there is nothing to export', async () => {
    const { exports, scope } = await setup();
    scope.update((s) => ({ ...s, terms: ['nothingmatchesthis'] }));
    await until(() => scope.status === 'ready' && scope.results?.total === 0, 'no hits');
    await exports.updateComplete;
    expect([...exports.querySelectorAll('button')].every((b) => b.disabled)).to.equal(true);
    let fired = false;
    exports.addEventListener('catalog-export', () => (fired = true));
    await exports.exportAs('csv');
    await exports.updateComplete;
    expect(fired).to.equal(false);
    expect(text(exports.querySelector('.esbExportStatus'))).to.equal('There is nothing to export.');
    await expect(exports).to.be.accessible();
  });

  it('a failing store: "The export failed" and the buttons work again', async () => {
    const { exports } = await setup({ store: gatedStore(Promise.resolve('fail')) });
    await exports.exportAs('csv');
    await exports.updateComplete;
    expect(text(exports.querySelector('.esbExportStatus'))).to.equal('The export failed. Please try again.');
    expect([...exports.querySelectorAll('button')].every((b) => !b.disabled)).to.equal(true);
  });

  it('downloads through a blob: link named export.ttl (the file the event carried)', async () => {
    const { exports } = await setup();
    const clicked: { href: string; download: string }[] = [];
    const onClick = (e: Event) => {
      const a = e.target as HTMLAnchorElement;
      if (a.localName !== 'a') return;
      clicked.push({ href: a.href, download: a.download });
      e.preventDefault(); // no real download in the test browser
    };
    exports.addEventListener('click', onClick, true);
    let seen: ExportDetail | undefined;
    exports.addEventListener('catalog-export', (e) => (seen = (e as CustomEvent<ExportDetail>).detail));
    exports.querySelector<HTMLButtonElement>('button[data-format="turtle"]')!.click();
    await until(() => clicked.length === 1, 'download link clicked');
    expect(clicked[0]!.download).to.equal('export.ttl');
    expect(clicked[0]!.href).to.match(/^blob:/);
    expect(seen!.filename).to.equal('export.ttl');
    expect(exports.querySelector('a'), 'the temporary link is removed').to.equal(null);
  });
});

/** A store of `total` bare entries that records every search (for paging and the cap without a huge catalog). */
function fakeStore(total: number): { store: CatalogStore; searches: SearchRequest[] } {
  const searches: SearchRequest[] = [];
  const entry = (i: number): StoreEntry => ({
    contextId: '9', entryId: String(i), entryUri: `https://x.example/store/9/entry/${i}`,
    resourceUri: `https://x.example/ds/${i}`, metadata: new Graph(), info: new Graph(), relations: new Graph(),
  });
  const store: CatalogStore = {
    baseUrl: 'https://x.example/store/',
    getEntry: () => Promise.reject(new Error('unused')),
    getEntryByResourceUri: () => Promise.reject(new Error('unused')),
    lookupByLiteral: () => Promise.reject(new Error('unused')),
    lookupByUri: () => Promise.reject(new Error('unused')),
    getEntriesByResourceUris: () => Promise.resolve(new Map()),
    async search(request: SearchRequest): Promise<SearchResult> {
      searches.push(request);
      // One task per answer, like a network response (lets the block render between pages).
      await new Promise((r) => setTimeout(r));
      const offset = request.offset ?? 0;
      const count = Math.max(0, Math.min(request.limit ?? 10, total - offset));
      return {
        total, offset, limit: request.limit ?? 10, facets: [],
        entries: Array.from({ length: count }, (_, i) => entry(offset + i)),
      };
    },
  };
  return { store, searches };
}

describe('dataset-exports: paging through the whole result', () => {
  const state = { terms: ['x'], filters: {}, sort: 'title' as const, page: 3 };
  const settings = { ...DEFAULT_SETTINGS, facets: ['theme' as const] };

  it('250 hits: three requests of 100 (offsets 0, 100, 200), same query and sort, no facet counts, progress each page', async () => {
    const { store, searches } = fakeStore(250);
    const progress: [number, number][] = [];
    const result = await collectResult(store, state, settings, { storeBaseUrl: store.baseUrl, progress: (d, t) => progress.push([d, t]) });
    expect(result.entries).to.have.length(250);
    expect(searches.map((s) => [s.limit, s.offset])).to.deep.equal([[100, 0], [100, 100], [100, 200]]);
    expect(new Set(searches.map((s) => s.query)).size).to.equal(1);
    expect(searches[0]!.query).to.include('x');
    expect(searches.every((s) => s.sort === searches[0]!.sort && /title/.test(s.sort ?? ''))).to.equal(true);
    expect(searches.every((s) => !s.facetFields?.length)).to.equal(true);
    expect(progress).to.deep.equal([[100, 250], [200, 250], [250, 250]]);
  });

  it(`more than ${EXPORT_CAP} hits: stops at the cap`, async () => {
    const { store, searches } = fakeStore(EXPORT_CAP + 555);
    const result = await collectResult(store, state, settings, { storeBaseUrl: store.baseUrl });
    expect(result.entries).to.have.length(EXPORT_CAP);
    expect(result.total).to.equal(EXPORT_CAP + 555);
    expect(searches).to.have.length(EXPORT_CAP / 100);
  });

  it('a last page shorter than the count ends the export (store counts can be approximate)', async () => {
    const { store, searches } = fakeStore(130);
    const lying: CatalogStore = { ...store, search: async (r) => ({ ...(await store.search(r)), total: 400 }) };
    const result = await collectResult(lying, state, settings, { storeBaseUrl: store.baseUrl });
    expect(result.entries).to.have.length(130);
    expect(searches).to.have.length(2);
  });
});

describe('CSV writer (RFC 4180)', () => {
  it('quotes fields with comma, quote, CR or LF (quotes doubled); CRLF after every record', () => {
    expect(csvField('plain')).to.equal('plain');
    expect(csvField('a,b')).to.equal('"a,b"');
    expect(csvField('say "hi"')).to.equal('"say ""hi"""');
    expect(csvField('two\nlines')).to.equal('"two\nlines"');
    expect(toCsv(['h1', 'h2'], [['a', 'b,c']])).to.equal('h1,h2\r\na,"b,c"\r\n');
  });

  it('neutralises spreadsheet formulas from untrusted metadata (=, +, -, @ first)', () => {
    expect(csvField('=HYPERLINK("http://evil")')).to.equal(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvField('+1')).to.equal("'+1");
    expect(csvField('@SUM(A1)')).to.equal("'@SUM(A1)");
    expect(csvField('-2')).to.equal("'-2");
  });

  it('round-trips through a parser: commas, quotes, line breaks, empty fields, non-ASCII', () => {
    const rows = [['å, ä', 'x "y" z', 'line1\r\nline2', ''], ['', 'ü', 'plain', 'end']];
    expect(parseCsv(toCsv(['a', 'b', 'c', 'd'], rows))).to.deep.equal([['a', 'b', 'c', 'd'], ...rows]);
  });
});

describe('dataset-exports: progress and cap in the block', () => {
  /** An exports block whose scope runs on `store` (through a provider). */
  async function exportsOn(store: CatalogStore): Promise<DatasetExports> {
    const root = await fixture(html`<catalog-store-provider .store=${store}>
      <dataset-exports scope=${freshScope()} lang="en"></dataset-exports>
    </catalog-store-provider>`);
    const el = root.querySelector('dataset-exports') as DatasetExports;
    await el.loadComplete;
    return el;
  }

  it('"Exporting n of N…" counts up page by page in the live region', async () => {
    const el = await exportsOn(fakeStore(250).store);
    const status = el.querySelector('.esbExportStatus')!;
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(text(status)));
    observer.observe(status, { childList: true, characterData: true, subtree: true });
    el.addEventListener('catalog-export', (e) => e.preventDefault());
    await el.exportAs('csv');
    observer.disconnect();
    expect(seen).to.include.members(['Exporting 100 of 250…', 'Exporting 200 of 250…']);
    expect(seen.indexOf('Exporting 100 of 250…')).to.be.lessThan(seen.indexOf('Exporting 200 of 250…'));
    expect(text(status)).to.equal('Exported 250 datasets.');
  });

  it('taken off the page while exporting: the export is aborted, nothing is handed over, put back the status is empty', async () => {
    const { store } = fakeStore(250);
    let signal: AbortSignal | undefined;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const el = await exportsOn({
      ...store,
      search: async (request, options) => {
        if (request.limit === 100) {
          signal ??= options?.signal;
          await gate;
        }
        return store.search(request, options);
      },
    });
    let handed = false;
    el.addEventListener('catalog-export', (e) => {
      handed = true;
      e.preventDefault();
    });
    const exported = el.exportAs('csv');
    await until(() => signal !== undefined, 'the export asked the store');
    expect(el.exporting).to.equal(true);
    const parent = el.parentElement!;
    el.remove();
    expect(signal!.aborted, 'the store request is aborted').to.equal(true);
    expect(el.exporting).to.equal(false);
    release();
    await exported;
    expect(handed, 'no file handed over').to.equal(false);
    parent.append(el);
    await el.updateComplete;
    expect(text(el.querySelector('.esbExportStatus'))).to.equal('');
    expect([...el.querySelectorAll('button')].every((b) => !b.disabled)).to.equal(true);
  });

  it(`more than ${EXPORT_CAP.toLocaleString('en')} hits: the first ${EXPORT_CAP.toLocaleString('en')} are exported and the block says so`, async () => {
    const el = await exportsOn(fakeStore(EXPORT_CAP + 100).store);
    let file: ExportDetail | undefined;
    el.addEventListener('catalog-export', (e) => {
      e.preventDefault();
      file = (e as CustomEvent<ExportDetail>).detail;
    });
    await el.exportAs('csv');
    expect(file!.count).to.equal(EXPORT_CAP);
    expect(parseCsv(await file!.blob.text())).to.have.length(EXPORT_CAP + 1);
    expect(text(el.querySelector('.esbExportStatus'))).to.equal(
      'The result has 10,100 datasets; only the first 10,000 are exported. Exported 10,000 datasets.',
    );
  });
});

