// Issue 11 point 9, search side: while a result list loads, when the store cannot be reached and when it answers
// garbage, the state's message is a heading at the list's row-title level (hl), so a page whose only headings are the
// rows (hl="1") still has its h1 in every state. The landing blocks' states: landing-headings-lang.test.ts.
import { expect, html } from '@open-wc/testing';
import '../../blocks/dataset-list/dataset-list.ts';
import type { SearchListBlock } from '../../blocks/dataset-list/search-list.ts';
import { BadPayloadError, NetworkError } from '../../src/store/errors.ts';
import type { CatalogStore } from '../../src/store/types.ts';
import { fixedStore, freshPage, mountOnStore, until } from './search-input-helpers.ts';
import { text, withStore } from './helpers.ts';
import { scopeFor } from '../../src/search/scope.ts';

beforeEach(freshPage);

/** A store whose searches fail with `error`, or never answer without one. */
function failingStore(error?: Error): CatalogStore {
  const store = fixedStore({ total: 0, entries: [], facets: [] });
  store.search = () => (error ? Promise.reject(error) : new Promise<never>(() => {}));
  return store;
}

const headings = (el: Element) => [...el.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => `${h.tagName} ${text(h)}`);

describe('search list states carry a heading at hl (issue 11 point 9)', () => {
  it('loading: the hidden status is an h1 with hl="1" (h3 with hl="3")', async () => {
    for (const hl of [1, 3]) {
      freshPage();
      const store = failingStore();
      const el = await withStore<SearchListBlock>(store, html`<dataset-list lang="en" hl=${hl}></dataset-list>`);
      scopeFor(document, 'default', store).configure({ contextId: '1' });
      await until(() => !!el.querySelector('.esbLoading [role="status"] .esbStateHeading'));
      expect(headings(el)).to.deep.equal([`H${hl} Loading…`]);
      // (alone on a test page an h3 breaks axe's heading-order; a real page has its h1/h2 above the list)
      if (hl === 1) await expect(el).to.be.accessible();
    }
  });

  it('unreachable and garbage: the message is the heading, "Try again" stays a button', async () => {
    for (const [error, said] of [[new NetworkError('down'), 'The catalog could not be reached.'], [new BadPayloadError('junk'), 'The catalog answered with data that could not be read.']] as const) {
      freshPage();
      const { el } = await mountOnStore<SearchListBlock>(failingStore(error), html`<dataset-list lang="en" hl="1"></dataset-list>`);
      await until(() => !!el.querySelector('.esbStateHeading'));
      expect(headings(el)).to.deep.equal([`H1 ${said}`]);
      expect(el.querySelector('button.esbRetry')).to.exist;
      await expect(el).to.be.accessible();
    }
  });
});
