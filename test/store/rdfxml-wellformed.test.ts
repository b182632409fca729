// Issue 11 point 12: harvested literals carry C0 controls (U+0001, U+0002, U+000B) and some predicates have a
// non-ASCII local name. The store's RDF/XML must stay well-formed XML 1.0 (which cannot hold those controls at all)
// and never answer 500.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DOMParser } from '@xmldom/xmldom';
import type { Entry } from '../../src/catalog-engine/catalog.ts';
import type { StoreServer } from '../../dev-store/server.ts';
import { parseRdfText } from '../../dev-store/rdf/parse.ts';
import { startStore } from './helpers.ts';

const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const DS = 'https://example.org/ds/ctrl';

// N-Triples escapes put the raw controls into the literals (as harvested catalogs have them).
const CATALOG = `<https://example.org/catalog> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/ns/dcat#Catalog> .
<https://example.org/catalog> <http://www.w3.org/ns/dcat#dataset> <${DS}> .
<${DS}> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/ns/dcat#Dataset> .
<${DS}> <http://purl.org/dc/terms/title> "Vatten\\u0001drag\\u0002 och\\u000Bsj\\u00F6ar"@sv .
<${DS}> <http://purl.org/dc/terms/description> "Rad ett\\u000Crad\\u001Ftv\\u00E5\\u007F\\u0085 slut"@sv .
<${DS}> <http://example.org/ns#str\\u00E4cka> "12 km\\u0001" .
<${DS}> <http://example.org/ns#\\u00E5> "kort" .
`;

/** Well-formedness errors and fatal errors of xmldom, collected instead of logged. */
function parseXml(text: string): { doc: Document; errors: string[] } {
  const errors: string[] = [];
  const onError = (level: string, msg: string): void => {
    if (level !== 'warning') errors.push(`${level}: ${msg}`);
  };
  const doc = new DOMParser({ onError } as never).parseFromString(text, 'application/xml') as unknown as Document;
  return { doc, errors };
}

describe('RDF/XML of literals with control characters and non-ASCII predicates', () => {
  let s: StoreServer;
  let entry: Entry;
  before(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rdfxml-ctrl-'));
    const file = path.join(dir, 'ctrl.nt');
    writeFileSync(file, CATALOG);
    s = await startStore([file]);
    entry = s.store.entriesByResource(DS)[0]!;
    assert.ok(entry, 'the dataset is an entry');
  });
  after(() => s.close());

  test('the metadata as RDF/XML is 200, holds no character XML 1.0 forbids, and parses without error', async () => {
    const r = await fetch(`${entry.metadataUri}?format=application/rdf+xml`);
    assert.equal(r.status, 200);
    const xml = await r.text();
    assert.doesNotMatch(xml, NOT_XML_CHAR);
    const { doc, errors } = parseXml(xml);
    assert.deepEqual(errors, []);
    assert.equal(doc.documentElement.localName, 'RDF');
  });

  test('every triple survives, the non-ASCII local names as element names, the controls replaced', async () => {
    const xml = await (await fetch(`${entry.metadataUri}?format=application/rdf+xml`)).text();
    const triples = await parseRdfText(xml, { file: 'x.rdf', baseIri: s.url });
    assert.equal(triples.length, entry.metadata.length);
    const predicates = new Set(triples.map((t) => t.predicate));
    assert.ok(predicates.has('http://example.org/ns#sträcka'), [...predicates].join(' '));
    assert.ok(predicates.has('http://example.org/ns#å'));
    const title = triples.find((t) => t.predicate === 'http://purl.org/dc/terms/title')!.object.value;
    assert.doesNotMatch(title, NOT_XML_CHAR);
    assert.match(title, /^Vatten.drag. och.sjöar$/u);
  });

  test('RDF/XML is the default (no format, no Accept) and is well-formed there too', async () => {
    const r = await fetch(entry.metadataUri);
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type')!, /^application\/rdf\+xml/);
    const { errors } = parseXml(await r.text());
    assert.deepEqual(errors, []);
  });
});
