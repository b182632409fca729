// <dataset-exports> with hostile metadata (issue 8 points 3 and 6), in the browser: the files carry no injected
// triple and no live formula, and the live region says what the export rule left out. The rule itself is tested in
// test/unit/export-rule.test.ts, the round trip through every format and parser in test/security/exports-roundtrip.test.ts.
import { expect, fixture, html } from '@open-wc/testing';
import '../../blocks/base/store-provider.ts';
import '../../blocks/dataset-exports/dataset-exports.ts';
import type { DatasetExports, ExportDetail, ExportFormat } from '../../blocks/dataset-exports/dataset-exports.ts';
import { parseCsv } from '../../blocks/dataset-exports/csv.ts';
import { Graph, literal, namedNode } from '../../src/rdf/graph.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import type { CatalogStore, SearchResult, StoreEntry } from '../../src/store/types.ts';
import { text } from './helpers.ts';

const VICTIM = 'https://victim.example/ds';
const INJECTED = 'https://evil.example/INJECTED';
const HOSTILE = `https://evil.example/x> . <${VICTIM}> <${NS.dcterms}license> <${INJECTED}`;

function entry(resourceUri: string, title: string, extra?: (g: Graph) => void): StoreEntry {
  const metadata = new Graph();
  metadata.add(namedNode(resourceUri), `${NS.rdf}type`, namedNode(`${NS.dcat}Dataset`));
  metadata.add(namedNode(resourceUri), `${NS.dcterms}title`, literal(title, { language: 'en' }));
  extra?.(metadata);
  return {
    contextId: '1', entryId: String(resourceUri.length), entryUri: `https://store.example/store/1/entry/${resourceUri.length}`,
    resourceUri, metadata, info: new Graph(), relations: new Graph(),
  };
}

/** A store whose every search answers `entries` (one page). */
function storeOf(entries: StoreEntry[]): CatalogStore {
  const unused = () => Promise.reject(new Error('unused'));
  return {
    baseUrl: 'https://store.example/store/',
    getEntry: unused, getEntryByResourceUri: unused, lookupByLiteral: unused, lookupByUri: unused,
    getEntriesByResourceUris: () => Promise.resolve(new Map()),
    search: async (request): Promise<SearchResult> => ({ total: entries.length, offset: request.offset ?? 0, limit: request.limit ?? 10, facets: [], entries }),
  };
}

async function exportOf(entries: StoreEntry[], format: ExportFormat): Promise<{ el: DatasetExports; file: ExportDetail; body: string }> {
  const root = await fixture(html`<catalog-store-provider .store=${storeOf(entries)}>
    <dataset-exports scope=${`hostile${Math.random().toString(36).slice(2)}`} lang="en"></dataset-exports>
  </catalog-store-provider>`);
  const el = root.querySelector('dataset-exports') as DatasetExports;
  await el.loadComplete;
  let file: ExportDetail | undefined;
  el.addEventListener('catalog-export', (e) => {
    e.preventDefault();
    file = (e as CustomEvent<ExportDetail>).detail;
  });
  await el.exportAs(format);
  await el.updateComplete;
  if (!file) throw new Error(`no file: ${text(el.querySelector('.esbExportStatus'))}`);
  return { el, file, body: await file.blob.text() };
}

describe('dataset-exports: hostile metadata', () => {
  it('Turtle: the injected IRI is percent-encoded (no triple about the victim) and the left-out statement is announced', async () => {
    const hostile = entry(HOSTILE, 'Evil', (g) => g.add(namedNode(HOSTILE), `${NS.dcterms}relation`, namedNode('not-absolute')));
    const { el, body } = await exportOf([hostile, entry(VICTIM, 'Victim')], 'turtle');
    expect(body).to.not.match(/> \. </);
    expect(body).to.include('<https://evil.example/x%3E%20.%20%3Chttps://victim.example/ds%3E');
    expect(body.split('\n').filter((l) => l.startsWith(`<${VICTIM}>`))).to.have.length(1);
    expect(body).to.match(/^# 1 statement was left out/);
    expect(text(el.querySelector('.esbExportStatus'))).to.equal(
      'Exported 2 datasets. 1 statement with an unusable URI, language tag or value was left out of the file.',
    );
    await expect(el).to.be.accessible();
  });

  it('CSV: a dataset without an absolute URI is left out and said so; formula-leading titles get the apostrophe', async () => {
    const { el, file, body } = await exportOf([entry('relative/ds', 'Relative'), entry(HOSTILE, ' ＝HYPERLINK("https://evil.example")')], 'csv');
    const rows = parseCsv(body).slice(1);
    expect(rows).to.have.length(1);
    expect(file.count).to.equal(1);
    expect(rows[0]![0]).to.equal(`' ＝HYPERLINK("https://evil.example")`);
    expect(rows[0]![11]).to.equal('https://evil.example/x%3E%20.%20%3Chttps://victim.example/ds%3E%20%3Chttp://purl.org/dc/terms/license%3E%20%3Chttps://evil.example/INJECTED');
    expect(text(el.querySelector('.esbExportStatus'))).to.equal(
      'Exported 1 dataset. 1 dataset without an absolute URI was left out of the file.',
    );
  });

  it('nothing left out: the status says only what was exported', async () => {
    const { el } = await exportOf([entry(VICTIM, 'Victim')], 'rdfxml');
    expect(text(el.querySelector('.esbExportStatus'))).to.equal('Exported 1 dataset.');
  });
});
