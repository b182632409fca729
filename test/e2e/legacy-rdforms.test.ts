/**
 * RDForms templates on pages written the incumbent's way (issue 26, point 2): a municipal CMS module's dataset page
 * (`{{viewMetadata template="dcat:OnlyDataset" filterpredicates="inherit:filterPredicates"}}` and
 * `{{view rdformsid="dcat:contactPoint"}}` inside a redefined datasetView template) and a portal's distribution page
 * (`data-entryscape="view" data-entryscape-rdformsid="dcat:Distribution"`), with the vendor scripts swapped for the
 * built `catalog-blocks.js`, on a foreign origin against the dev world.store. Each asserts the labels and values a reader
 * sees for the demo catalog's "Bibliotek i Sverige" (DCAT-AP-SE's example dataset, context "1"), in Swedish and English.
 */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DATASET, cdnWorld, DEMO_CATALOG, listEntries, watch, type ListedEntry, type PageWatch } from './harness.ts';

const DISTRIBUTION = 'http://www.w3.org/ns/dcat#Distribution';

describe('RDForms templates (viewMetadata template=, {{view rdformsid=}}, the view block) with the script swapped', () => {
  const world = cdnWorld([DEMO_CATALOG]);
  let dataset: ListedEntry;
  let distribution: ListedEntry;

  before(async () => {
    dataset = (await listEntries(world.store.url, DATASET)).find((e) => e.uri === 'https://example.com/dataset1')!;
    distribution = (await listEntries(world.store.url, DISTRIBUTION)).find((e) => e.uri === 'https://example.com/distribution1')!;
    assert.ok(dataset && distribution, 'the demo catalog has the DCAT-AP-SE example dataset and its CSV distribution');
    assert.equal(dataset.contextId, '1');
  });

  interface Opened { page: Page; seen: PageWatch; warnings: string[]; errors: string[] }
  async function open(path: string): Promise<Opened> {
    const page = await world.browser.newPage();
    const seen = watch(page, world.store.url);
    const warnings: string[] = [];
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${world.site.origin}/e2e/legacy/${path}`);
    return { page, seen, warnings, errors };
  }
  const hash = (e: ListedEntry) => `#esc_entry=${e.entryId}&esc_context=${e.contextId}`;

  /** Label → values of the template's `<dl>` in `selector` (a nested `<dl>` as its own list), once loaded. */
  async function fieldsIn(page: Page, selector: string): Promise<{ fields: unknown[]; cls: string }> {
    await page.waitForFunction((s) => {
      const host = document.querySelector(s);
      return !!host?.querySelector('.esbBlock:not([aria-busy]) dl.esbFields dt');
    }, selector, { timeout: 20000 });
    // (a string: the test runner's transform would name a function written here, and the page has no such helper)
    return page.evaluate(`(() => {
      const read = (dl) => {
        const out = [];
        const items = [...dl.children].flatMap((c) => (c.matches('div.esbField') ? [...c.children] : [c]));
        for (const el of items) {
          if (el.localName === 'dt') out.push([el.textContent.trim(), []]);
          else if (el.localName === 'dd') {
            const nested = el.querySelector(':scope > dl');
            out.at(-1)[1].push(nested ? read(nested) : el.textContent.replace(/\\s+/g, ' ').trim());
          }
        }
        return out;
      };
      const dl = document.querySelector(${JSON.stringify(selector)}).querySelector('dl.esbFields');
      return { fields: read(dl), cls: dl.className };
    })()`);
  }

  test('municipal module, Swedish: viewMetadata template="dcat:OnlyDataset" shows the template\'s fields, title and description filtered', async () => {
    const { page, seen, warnings, errors } = await open(`rdforms-municipal.html${hash(dataset)}`);
    await page.waitForFunction(() => document.querySelector('h1.c-typography')?.textContent?.trim() === 'Bibliotek i Sverige', null, { timeout: 20000 });
    const meta = await fieldsIn(page, '.metadata');
    assert.match(meta.cls, /\besbRdforms\b/);
    assert.doesNotMatch(meta.cls, /esbRdforms--onecol/);
    assert.deepEqual(meta.fields, [
      ['Utgivare', ['Exempel organisation']],
      ['Kontaktuppgift', ['Öppna data gruppen på exempel organisationen', 'oppnadata@exemple.com', '+46012345678']],
      ['Nyckelord', ['bibliotek']],
      ['Kategori', ['Utbildning, kultur och sport']],
      ['Utgivningsdatum', ['1 januari 2020']],
      ['Geografisk täckning', ['Sweden']],
      ['Tidsperiod', [[['Start', ['1 januari 2010']], ['Slut', ['1 januari 2012']]]]],
      ['Åtkomsträttigheter', ['Offentlig']],
    ]);
    // the email is a mailto link, the date a <time>
    assert.equal(await page.$eval('.metadata a[href^="mailto:"]', (a) => a.getAttribute('href')), 'mailto:oppnadata@exemple.com');
    assert.equal(await page.$eval('.metadata dd time', (t) => t.getAttribute('datetime')), '2020-01-01');

    const contact = await fieldsIn(page, '.contact');
    assert.match(contact.cls, /esbRdforms--onecol/, '{{view … onecol="true"}}');
    assert.deepEqual(contact.fields, [['Kontaktuppgift', [[
      ['Typ', ['Organisation']],
      ['Namn', ['Öppna data gruppen på exempel organisationen']],
      ['E-postadress', ['oppnadata@exemple.com']],
      ['Telefon', ['+46012345678']],
      ['Adress', [[['Land', ['Sverige']], ['Postort', ['Teststaden']], ['Postnummer', ['70000']], ['Gatuadress', ['exempelgatan 1']]]]],
    ]]]]);
    assert.deepEqual(seen.problems, []);
    assert.deepEqual(errors, []);
    assert.deepEqual(warnings.filter((w) => w.includes('[catalog-blocks]')), []);
    await page.close();
  });

  test('municipal module, English: the same fields with English labels and values', async () => {
    const { page, seen, errors } = await open(`rdforms-municipal.html?lang=en${hash(dataset)}`);
    await page.waitForFunction(() => document.querySelector('h1.c-typography')?.textContent?.trim() === 'Libraries in Sweden', null, { timeout: 20000 });
    const meta = await fieldsIn(page, '.metadata');
    assert.deepEqual(meta.fields, [
      ['Publisher', ['Exempel organisation']],
      ['Contact point', ['Öppna data gruppen på exempel organisationen', 'oppnadata@exemple.com', '+46012345678']],
      ['Keyword', ['library']],
      ['Category', ['Education, culture and sport']],
      ['Release date', ['January 1, 2020']],
      ['Spatial coverage', ['Sweden']],
      ['Time period', [[['Start', ['January 1, 2010']], ['End', ['January 1, 2012']]]]],
      ['Access rights', ['Public']],
    ]);
    const contact = await fieldsIn(page, '.contact');
    assert.deepEqual((contact.fields[0] as [string, unknown[][]])[1][0]!.map((row) => (row as [string])[0]),
      ['Kind', 'Name', 'Email', 'Telephone', 'Address']);
    assert.deepEqual(seen.problems, []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('portal distribution page, Swedish: data-entryscape="view" with rdformsid="dcat:Distribution" (full, filtered + onecol, unknown id)', async () => {
    const { page, seen, warnings, errors } = await open(`rdforms-view.html${hash(distribution)}`);
    const full = await fieldsIn(page, '#full');
    assert.deepEqual(full.fields, [
      ['Beskrivning', ['En förteckning över bibliotek inklusive namn, plats, adress och öppettider.']],
      ['Webbadress för åtkomst', ['http://example.com/download']],
      ['Webbadress för nedladdning', ['http://example.com/download']],
      ['Format', ['text/csv']],
      ['Tillgänglighet', ['experimental']],
      ['Licens', ['CC0 1.0']],
    ]);
    assert.equal(await page.$eval('#full a[href="http://example.com/download"]', (a) => a.textContent?.trim()), 'http://example.com/download');

    const short = await fieldsIn(page, '#short-view');
    assert.match(short.cls, /esbRdforms--onecol/);
    // label="false" is the view block's switch for its field names (read by screen readers only), not an accessible name
    assert.match(short.cls, /esbRdforms--nolabels/);
    assert.equal(await page.$eval('#short-view catalog-metadata', (el) => el.getAttribute('aria-label')), null);
    assert.deepEqual(short.fields.map((f) => (f as [string])[0]), ['Beskrivning', 'Webbadress för åtkomst', 'Format', 'Tillgänglighet', 'Licens']);

    // an unknown template id: ONE warning naming it, and the standard field list instead of nothing
    const other = await fieldsIn(page, '#unknown');
    assert.doesNotMatch(other.cls, /esbRdforms/);
    assert.ok(other.fields.length > 0);
    const named = warnings.filter((w) => w.includes('dcat:NoSuchTemplate'));
    assert.equal(named.length, 1, warnings.join('\n'));
    assert.match(named[0]!, /^\[catalog-blocks\] /);
    assert.deepEqual(warnings.filter((w) => w.includes('[catalog-blocks]') && !w.includes('dcat:NoSuchTemplate')), []);
    assert.deepEqual(seen.problems, []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('portal distribution page, English', async () => {
    const { page, errors } = await open(`rdforms-view.html?lang=en${hash(distribution)}`);
    const full = await fieldsIn(page, '#full');
    assert.deepEqual(full.fields, [
      ['Description', ['En förteckning över bibliotek inklusive namn, plats, adress och öppettider.']],
      ['Access URL', ['http://example.com/download']],
      ['Download URL', ['http://example.com/download']],
      ['Format', ['text/csv']],
      ['Availability', ['experimental']],
      ['Licence', ['CC0 1.0']],
    ]);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
