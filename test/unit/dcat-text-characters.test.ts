// Issue 11 point 12: harvested catalogs carry C0 controls (U+0001, U+0002, U+000B), DEL and C1 controls in
// literals. HTML forbids those (and noncharacters) in text, so no literal may reach a view model with them: every
// literal is read through toText (the read limit lives there too), which drops or replaces them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildDatasetModel } from '../../src/dcat/dataset.ts';
import { toText, uriTail } from '../../src/dcat/read.ts';
import { htmlText, paragraphs } from '../../src/dcat/text.ts';
import { loadAllVocabularies } from '../../src/dcat/vocab.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import type { TemplateContext } from '../../src/legacy/template/context.ts';
import { entryTitle, propValues } from '../../src/legacy/template/values.ts';
import { Graph, literal, namedNode } from '../../src/rdf/graph.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { valueLabel } from '../../src/search/view.ts';
import type { StoreEntry } from '../../src/store/types.ts';

await Promise.all([loadAllMessages(), loadAllVocabularies()]);

/**
 * What HTML forbids in text (HTML §13.2.3.5 / "control" and "noncharacter" of the Infra standard): controls other
 * than tab, LF, FF, CR (C0, DEL, C1), the noncharacters U+FDD0–U+FDEF and U+nFFFE/U+nFFFF, and lone surrogates
 * (which cannot even be encoded as UTF-8).
 */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\uFDD0-\uFDEF\uFFFE\uFFFF]|[\uD83F\uD87F\uD8BF\uD8FF\uD93F\uD97F\uD9BF\uD9FF\uDA3F\uDA7F\uDABF\uDAFF\uDB3F\uDB7F\uDBBF\uDBFF][\uDFFE\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const codes = (s: string): string => [...s].map((c) => c.codePointAt(0)!.toString(16)).join(' ');
const clean = (s: string, where = ''): void => assert.doesNotMatch(s, FORBIDDEN, `${where}: ${codes(s)}`);

const EVERY_FORBIDDEN = [
  ...Array.from({ length: 0x20 }, (_, i) => i).filter((c) => ![0x09, 0x0a, 0x0c, 0x0d].includes(c)),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0xfdd0, 0xfdef, 0xfffe, 0xffff, 0x1fffe, 0x10ffff,
].map((c) => String.fromCodePoint(c));

describe('toText: no code point HTML forbids', () => {
  test('each forbidden code point between two words is gone, the words stay', () => {
    for (const c of EVERY_FORBIDDEN) {
      const t = toText(literal(`Vatten${c}drag`, { language: 'sv' }));
      clean(t.value, `U+${codes(c)}`);
      assert.match(t.value, /^Vatten[\s\uFFFD]?drag$/, `U+${codes(c)} gave ${JSON.stringify(t.value)}`);
      assert.equal(t.lang, 'sv');
    }
  });

  test('tab, line feed, form feed, carriage return and ordinary text are kept as they are', () => {
    const text = 'a\tb\nc\fd\r\ne ÅÄÖ 😀 \u00a0 €';
    assert.equal(toText(literal(text)).value, text);
  });

  test('U+000B (vertical tab) and U+0085 (next line) separate words as a line break; lone surrogates become U+FFFD', () => {
    assert.equal(toText(literal('rad ett\u000Brad två\u0085slut')).value, 'rad ett\nrad två\nslut');
    assert.equal(toText(literal('a\uD800b\uDC00c')).value, 'a\uFFFDb\uFFFDc');
  });

  test('a cut literal (`max`) is clean too', () => {
    const t = toText(literal(`${'\u0001x'.repeat(50)}`), 20);
    clean(t.value);
    assert.ok(t.value.length <= 20);
  });

  test('paragraphs of a description read through toText are clean', () => {
    for (const p of paragraphs(toText(literal('Första\u0002 stycket.\u000B\u000BAndra\u0001 stycket.\u007f')).value)) clean(p);
  });

  test('a URI of 15 characters or fewer (its own label) and a URI without a tail are clean too', () => {
    clean(uriTail('https://x/\u0001'));
    clean(uriTail('urn:a\u0001b'));
  });

  test('the last URI segment shown as a label (§4.6) is decoded without forbidden code points', () => {
    const tail = uriTail('https://example.org/terms/Vatten%01drag%0B%C2%85x%EF%BF%BE');
    clean(tail);
    assert.match(tail, /^Vatten.?drag/u);
  });
});

describe('view models of a harvested dataset with control characters', () => {
  const RES = 'https://data.example.org/store/7/resource/1';
  const ORG = 'https://data.example.org/store/7/resource/2';
  const dirty = (s: string): string => `${s}\u0001\u0002 och\u000B${s}\u007F\u0085\u009F\uFFFE`;
  const g = new Graph();
  const d = namedNode(RES);
  g.add(d, `${NS.rdf}type`, namedNode(`${NS.dcat}Dataset`));
  g.add(d, `${NS.dcterms}title`, literal(dirty('Badplatser'), { language: 'sv' }));
  g.add(d, `${NS.dcterms}description`, literal(dirty('Beskrivning'), { language: 'sv' }));
  g.add(d, `${NS.dcat}keyword`, literal(dirty('sjö'), { language: 'sv' }));
  g.add(d, `${NS.dcterms}identifier`, literal(dirty('id')));
  g.add(d, `${NS.dcterms}publisher`, namedNode(ORG));
  g.add(namedNode(ORG), `${NS.foaf}name`, literal(dirty('Kommunen'), { language: 'sv' }));
  g.add(d, `${NS.dcat}theme`, namedNode('https://example.org/theme/Natur%01liv'));
  // a URL written as a literal is shown as link text; short URIs are their own label
  g.add(d, `${NS.dcat}landingPage`, literal('https://example.org/vatten\u0001drag\u000B'));
  g.add(d, `${NS.dcterms}conformsTo`, namedNode('https://x.se/\u0001'));
  // values read without toText: a contact's telephone and web address, a distribution's format
  const contact = namedNode('https://data.example.org/contact/1');
  g.add(d, `${NS.dcat}contactPoint`, contact);
  g.add(contact, `${NS.vcard}hasTelephone`, literal('tel:+46\u0001 8 123'));
  g.add(contact, `${NS.vcard}hasURL`, literal('https://kontakt.example.org/\u0002'));
  const dist = namedNode('https://data.example.org/dist/1');
  g.add(d, `${NS.dcat}distribution`, dist);
  g.add(dist, `${NS.rdf}type`, namedNode(`${NS.dcat}Distribution`));
  g.add(dist, `${NS.dcterms}format`, literal('text/csv\u000B\u0001'));
  g.add(dist, `${NS.dcat}downloadURL`, namedNode('https://data.example.org/files/bad%01name.csv'));
  const entry: StoreEntry = {
    contextId: '7', entryId: '1', entryUri: 'https://data.example.org/store/7/entry/1', resourceUri: RES,
    metadata: g, info: new Graph(), relations: new Graph(),
  };

  test('no string anywhere in the dataset model holds a forbidden code point', () => {
    const model = buildDatasetModel(entry, new Map(), { lang: 'sv', storeBaseUrl: 'https://data.example.org/store/' });
    assert.match(model.title!.value, /^Badplatser/);
    const strings: string[] = [];
    // `uri` / `resourceUri` are identifiers the blocks look up and key on, never rendered as text.
    JSON.stringify(model, (k, v: unknown) => {
      if (typeof v === 'string' && k !== 'uri' && k !== 'resourceUri') strings.push(v);
      return v;
    });
    assert.ok(strings.some((s) => s.startsWith('Kommunen')), 'the publisher name is in the model');
    assert.ok(strings.some((s) => s.startsWith('sjö')), 'the keyword is in the model');
    assert.ok(strings.some((s) => s.startsWith('https://example.org/vatten')), 'the landing page link text is in the model');
    assert.ok(strings.some((s) => s.startsWith('https://x.se/')), 'the short conformsTo URI is its own label');
    assert.ok(strings.some((s) => s.startsWith('+46')), 'the telephone number is in the model');
    assert.ok(strings.some((s) => s.startsWith('https://kontakt.example.org/')), 'the contact web address is in the model');
    assert.ok(strings.some((s) => s.startsWith('text/csv')), 'the raw format is in the model');
    for (const s of strings) clean(s, JSON.stringify(s));
  });

  test('legacy template values (title, labels of literals) are clean too', () => {
    const ctx = { entry, lang: 'sv' } as unknown as TemplateContext;
    clean(entryTitle(ctx), 'entryTitle');
    assert.match(entryTitle(ctx), /^Badplatser/);
    for (const v of propValues(ctx, [`${NS.dcat}keyword`, `${NS.dcterms}identifier`, `${NS.dcat}theme`])) {
      clean(v.label, 'label');
      if (v.type === 'literal') clean(v.value, 'value');
    }
  });
});

describe('facet labels of literal values', () => {
  const ctx = { lang: 'sv' as const, agents: new Map<string, StoreEntry>() };
  test('a keyword facet value (as the store indexed it) is labelled without forbidden code points', () => {
    const label = valueLabel('keyword', 'sjö\u0001ar\u000Bbad\u0085', ctx).label;
    clean(label);
    assert.match(label, /^sjöar\nbad\n$/);
  });
  test('an unknown format value is labelled without forbidden code points', () => {
    clean(valueLabel('format', 'text/x-od\u0002d', ctx).label);
  });
  test('a vocabulary value with no label shows a clean URI tail', () => {
    clean(valueLabel('theme', 'https://example.org/theme/Natur%01liv%C2%9F', ctx).label);
  });
});

describe('htmlText: the quick check before the Unicode expression (issue 13 point 11)', () => {
  // The definition: Infra controls other than tab, LF, FF, CR, noncharacters and lone surrogates, as Unicode properties.
  const reference = (text: string): string =>
    text.replace(/(?![\t\n\f\r])\p{Cc}|\p{Noncharacter_Code_Point}|\p{Cs}/gu, (c) => (c === '\v' || c === '\x85' ? '\n' : /\p{Cs}/u.test(c) ? '\ufffd' : ''));
  test('every UTF-16 code unit, alone and between letters, is cleaned as the definition says', () => {
    for (let u = 0; u <= 0xffff; u++) {
      const c = String.fromCharCode(u);
      for (const text of [c, `a${c}b`]) assert.equal(htmlText(text), reference(text), `U+${u.toString(16).padStart(4, '0')}`);
    }
  });
  test('every supplementary noncharacter (U+1FFFE … U+10FFFF) goes; other astral characters and valid pairs stay', () => {
    for (let plane = 1; plane <= 16; plane++) {
      for (const low of [0xfffe, 0xffff, 0xfffd, 0x1f600 & 0xffff]) {
        const text = `x${String.fromCodePoint(plane * 0x10000 + low)}y`;
        assert.equal(htmlText(text), reference(text), `plane ${plane} ${low.toString(16)}`);
      }
    }
    assert.equal(htmlText('Kartan 🗺️ över län'), 'Kartan 🗺️ över län');
  });
});
