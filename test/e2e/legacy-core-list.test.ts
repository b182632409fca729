/**
 * Drop-in compatibility of the incumbent's core list blocks (issue 26, part "core-list"): pages written the way the
 * incumbent's docs and a national portal write them, with the vendor script swapped for the built `catalog-blocks.js`,
 * on a foreign origin against the dev store (demo catalog = context "1"):
 * - `list` with `relation: 'dcat:distribution'` and row templates: the distribution list of a dataset page;
 * - `searchList` with `rdftype` (attributes; a custom block extending it): publishers and APIs, not datasets;
 * - `searchList` with `dependencyproperties` (publisher names instead of URIs in a row template) and `facets`.
 * Expected values are read from the store's own search API (or are the demo catalog's literal values), never from
 * the blocks.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DATASET, DATA_SERVICE, cdnWorld, DEMO_CATALOG, LEAKS, listEntries } from './harness.ts';

const FOAF_AGENT = 'http://xmlns.com/foaf/0.1/Agent';
const FOAF_NAME = 'http://xmlns.com/foaf/0.1/name';
const DCT = 'http://purl.org/dc/terms/';
const GEODATA = 'https://demo.catalog-blocks.example/dataset/swedish-geodata';

type RdfJson = Record<string, Record<string, { type: string; value: string; lang?: string }[]>>;
interface Child { contextId: string; entryId: string; metadata?: RdfJson; info?: RdfJson }
const escapeLucene = (v: string) => v.replace(/[+\-&|!(){}[\]^"~*?:\\/ ]/g, (c) => `\\${c}`);

/** Public entries of `type` in context "1", with their metadata, straight from the store's search API. */
async function entriesOf(storeUrl: string, type: string): Promise<{ uri: string; metadata: RdfJson }[]> {
  const q = `public:true AND rdfType:${escapeLucene(type)} AND context:${escapeLucene(`${storeUrl}1`)}`;
  const res = await fetch(`${storeUrl}search?type=solr&query=${encodeURIComponent(q)}&limit=100`, { headers: { Accept: 'application/json' } });
  const json = (await res.json()) as { resource: { children: Child[] } };
  return json.resource.children.map((c) => {
    const info = Object.values(c.info ?? {})[0] ?? {};
    return { uri: info['http://entrystore.org/terms/resource']![0]!.value, metadata: c.metadata ?? {} };
  });
}

/** The value of `p` on `s` in the language `lang` (else the first one). */
function valueOf(md: RdfJson, s: string, p: string, lang = 'en'): string | undefined {
  const vs = md[s]?.[p] ?? [];
  return (vs.find((v) => v.lang === lang) ?? vs[0])?.value;
}

describe('the incumbent\'s core list blocks with the script swapped for catalog-blocks.js', () => {
  const world = cdnWorld([DEMO_CATALOG]);


  const open = (path: string) => world.open(`/e2e/legacy/${path}`);

  const textOf = (page: Page, selector: string) => page.$$eval(selector, (els) => els.map((e) => e.textContent?.replace(/\s+/g, ' ').trim() ?? ''));

  test('list + relation "dcat:distribution" on a dataset page: one row per distribution, row templates on the row\'s entry, expand by keyboard', async () => {
    const dataset = (await listEntries(world.store.url, DATASET)).find((e) => e.uri === GEODATA)!;
    assert.equal(dataset.distributions, 6);
    const { page, seen, warnings } = await open(`core-list-relation.html#esc_entry=${dataset.entryId}&esc_context=1`);
    await page.waitForSelector('#distributions .distTitle', { timeout: 20000 });
    await page.waitForFunction(() => document.querySelector('#distributions [aria-busy="true"]') === null);
    // what the portal's templates show: the distributions' own titles (the demo catalog's English ones)
    assert.deepEqual((await textOf(page, '#distributions .distTitle')).sort(), [
      'API for counties', 'API for municipalities', 'API for postal code to municipality', 'Counties', 'Municipalities', 'Postal code to municipality',
    ]);
    assert.deepEqual(await textOf(page, '#distributions .distHeading'), ['Data and access (6)'], 'listhead with {{resultsize}}');
    const formats = await textOf(page, '#distributions .distFormat');
    assert.equal(formats.filter((f) => f === 'CSV').length, 3, formats.join('|'));
    assert.equal(await page.locator('#distributions .distAccess').count(), 0, 'rowexpand is rendered on first expansion only');

    // every row opens from the keyboard: Tab to its expand button, Enter
    const buttons = page.locator('#distributions button[aria-expanded]');
    assert.equal(await buttons.count(), 6);
    for (let i = 0; i < 6; i++) {
      await buttons.nth(i).focus();
      await page.keyboard.press('Enter');
      assert.equal(await buttons.nth(i).getAttribute('aria-expanded'), 'true');
      const region = await buttons.nth(i).getAttribute('aria-controls');
      assert.ok(region && await page.locator(`[id="${region}"]`).isVisible());
    }
    const links = await page.$$eval('#distributions .distAccess', (as) => as.map((a) => ({ href: a.getAttribute('href') ?? '', text: a.textContent?.trim() ?? '' })));
    const github = 'https://github.com/sjbrg/swedish-geodata/blob/967319129a6a3e8494316421fb64cf5d140714a3/data/';
    assert.deepEqual(links.filter((l) => l.href.startsWith(github)).map((l) => `${l.text} ${l.href.slice(github.length)}`).sort(), [
      'Go to the data: Counties counties.csv',
      'Go to the data: Municipalities municipalities.csv',
      'Go to the data: Postal code to municipality postal_to_municipality.csv',
    ]);
    assert.deepEqual(links.filter((l) => !l.href.startsWith(github)).map((l) => l.href.replace(/^.*\/rowstore\//, 'rowstore/')).sort(), [
      'rowstore/dataset/swedish-geodata-counties', 'rowstore/dataset/swedish-geodata-municipalities', 'rowstore/dataset/swedish-geodata-postal',
    ]);
    assert.ok((await textOf(page, '#distributions .distDescription')).includes('21 rows.'));
    // Space closes again (a real button)
    await buttons.nth(0).focus();
    await page.keyboard.press('Space');
    assert.equal(await buttons.nth(0).getAttribute('aria-expanded'), 'false');

    await page.waitForLoadState('networkidle');
    // the six distributions come in ONE batched lookup, not one request per row
    // (the page's `template` block looks the dataset's linked resources up too: the store client merges both into one)
    const lookups = seen.storeRequests.filter((u) => /search\?type=solr/.test(u) && decodeURIComponent(u).includes('swedish\\-geodata\\-counties'));
    assert.equal(lookups.length, 1, seen.storeRequests.join('\n'));
    const text = await page.$eval('#distributions', (e) => e.textContent ?? '');
    for (const leak of LEAKS) assert.doesNotMatch(text, leak);
    assert.deepEqual(seen.problems, []);
    assert.deepEqual(warnings.filter((w) => w.includes('[catalog-blocks]')), []);
    await page.close();
  });

  test('list + relation without an entry on the page: no rows, no error, the page does not throw', async () => {
    const { page, seen } = await open('core-list-relation.html');
    await page.waitForSelector('#distributions catalog-list .esbState', { timeout: 20000 });
    assert.equal(await page.locator('#distributions .distTitle').count(), 0);
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('searchList with rdftype "foaf:Agent": the publishers of the context, by name, two per page', async () => {
    const agents = await entriesOf(world.store.url, FOAF_AGENT);
    // the label rule (behaviour doc §2.1): dcterms:title first, then the names (one demo resource is a dataset AND its
    // own publisher: "Swedish Polls" by title, "Swedish Opinion Polls" by foaf:name)
    const names = agents.map((a) => valueOf(a.metadata, a.uri, `${DCT}title`) ?? valueOf(a.metadata, a.uri, FOAF_NAME)!).sort();
    assert.ok(names.length >= 3, names.join('|'));
    const { page, seen, warnings } = await open('core-searchlist-rdftype.html');
    const shown: string[] = [];
    await page.waitForSelector('#publishers li.entryListRow', { timeout: 20000 });
    for (let p = 0; p < Math.ceil(names.length / 2); p++) {
      await page.waitForFunction(() => document.querySelector('#publishers .esbSearchList')?.getAttribute('aria-busy') === 'false');
      const titles = await textOf(page, '#publishers li.entryListRow .esbRowTitle');
      assert.ok(titles.length <= 2 && titles.length > 0, titles.join('|'));
      shown.push(...titles);
      if (p < Math.ceil(names.length / 2) - 1) {
        const before = titles.join('|');
        await page.click('#publishers .esbPage--next');
        await page.waitForFunction((b) => [...document.querySelectorAll('#publishers li.entryListRow .esbRowTitle')].map((e) => e.textContent?.replace(/\s+/g, ' ').trim()).join('|') !== b
          && document.querySelector('#publishers .esbSearchList')?.getAttribute('aria-busy') === 'false', before);
      }
    }
    assert.deepEqual(shown.sort(), names, 'every publisher once, and nothing else (no datasets)');
    // an agent has no dataset landing page: its title is no link to one, and it has no dataset expansion
    assert.equal(await page.locator('#publishers li.entryListRow a[href*="esc_entry"]').count(), 0);
    assert.equal(await page.locator('#publishers li.entryListRow button[aria-expanded]').count(), 0);
    assert.deepEqual(seen.problems, []);
    assert.deepEqual(warnings.filter((w) => w.includes('[catalog-blocks]')), []);
    await page.close();
  });

  test('a custom block extending searchList with rdftype ["dcat:DataService"]: the APIs, not the datasets', async () => {
    const services = await entriesOf(world.store.url, DATA_SERVICE);
    // a service without a title shows as "Untitled data service" (the list's English text)
    const titles = services.map((s) => valueOf(s.metadata, s.uri, `${DCT}title`) ?? 'Untitled data service').sort();
    assert.ok(titles.length >= 2);
    const { page, seen } = await open('core-searchlist-services.html');
    await page.waitForSelector('#apis li.entryListRow', { timeout: 20000 });
    await page.waitForFunction(() => document.querySelector('#apis .esbSearchList')?.getAttribute('aria-busy') === 'false');
    assert.deepEqual((await textOf(page, '#apis li.entryListRow .esbRowTitle')).sort(), titles);
    assert.deepEqual(await page.$$eval('#apis li.entryListRow', (lis) => lis.map((li) => li.dataset.uri).sort()), services.map((s) => s.uri).sort());
    assert.deepEqual(seen.problems, []);
    await page.close();
  });

  test('searchList with dependencyproperties "dcterms:publisher": the row template shows publisher names, not URIs; facets: true keeps the facets', async () => {
    const datasets = await entriesOf(world.store.url, DATASET);
    // an agent's label by the label rule (title first, then its name)
    const agents = new Map((await entriesOf(world.store.url, FOAF_AGENT)).map((a) => [a.uri, valueOf(a.metadata, a.uri, `${DCT}title`) ?? valueOf(a.metadata, a.uri, FOAF_NAME)!]));
    const expected = datasets.flatMap((d) => {
      const pub = d.metadata[d.uri]?.[`${DCT}publisher`]?.[0];
      return pub?.type === 'uri' && agents.has(pub.value) ? [`${valueOf(d.metadata, d.uri, `${DCT}title`)} — ${agents.get(pub.value)}`] : [];
    }).sort();
    assert.ok(expected.length >= 2, expected.join('\n'));
    assert.ok(expected.some((e) => e === 'Libraries in Sweden — Exempel organisation'), expected.join('\n'));
    const { page, seen, warnings } = await open('core-searchlist-dependencies.html');
    await page.waitForSelector('li.entryListRow .dsTitle', { timeout: 20000 });
    await page.waitForFunction((n) => {
      const pubs = [...document.querySelectorAll('li.entryListRow .dsPublisher')];
      return pubs.length >= n && document.querySelector('.esbSearchList')?.getAttribute('aria-busy') === 'false';
    }, expected.length);
    // the names arrive after the rows: wait until none of the expected publishers is shown by its URI's tail
    await page.waitForFunction((want) => {
      const got = [...document.querySelectorAll('li.entryListRow')].flatMap((li) => {
        const p = li.querySelector('.dsPublisher');
        return p ? [`${li.querySelector('.dsTitle')?.textContent?.trim()} — ${p.textContent?.trim()}`] : [];
      });
      return want.every((w: string) => got.includes(w));
    }, expected, { timeout: 20000 });
    assert.ok(await page.locator('.esbFacets, dataset-facets').count() > 0, 'the facets block on the page shows the list\'s facets');
    assert.deepEqual(seen.problems, []);
    assert.deepEqual(warnings.filter((w) => w.includes('[catalog-blocks]')), []);
    await page.close();
  });
});
