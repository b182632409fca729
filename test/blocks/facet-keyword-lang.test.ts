// Keyword facet labels keep their language after paging (issue 28 point 12): the store counts keywords without their
// language tag, so the block learns it from the rows it has seen; a keyword learnt on one page keeps `lang` on the
// others. Run alone: npx wtr --files test/blocks/facet-keyword-lang.test.ts
import { expect, html } from '@open-wc/testing';
import { freshPage, mountSearch, rendered, until } from './search-input-helpers.ts';
import { text } from './helpers.ts';
import '../../blocks/dataset-facets/dataset-facets.ts';
import type { DatasetFacets } from '../../blocks/dataset-facets/dataset-facets.ts';
import { loadMessages } from '../../src/i18n/index.ts';
import type { SearchScope } from '../../src/search/scope.ts';

/** Keywords of the demo catalog (demo/catalog/demo-catalog.ttl) written in another language than English. */
const FOREIGN: Readonly<Record<string, string>> = {
  Haushalt: 'de', Haushaltsplan: 'de', karta: 'sv', kommuner: 'sv', län: 'sv', bibliotek: 'sv', Flygplan: 'sv',
  Luftfartyg: 'sv', Opinionsundersökning: 'sv', Val: 'sv',
};

/** Every keyword label shown (the group expanded) → its `lang` ('' when none). */
async function keywordLangs(el: DatasetFacets): Promise<Map<string, string>> {
  const group = el.querySelector('.collection_keyword')!;
  const more = group.querySelector<HTMLButtonElement>('button.esbFacets__limitButton');
  if (more?.getAttribute('aria-expanded') === 'false') {
    more.click();
    await rendered(el);
  }
  return new Map([...group.querySelectorAll('.facetLabel')].map((l) => [text(l), l.getAttribute('lang') ?? '']));
}

async function toPage(el: DatasetFacets, scope: SearchScope, page: number): Promise<void> {
  scope.update((s) => ({ ...s, page }));
  await until(() => scope.status === 'ready' && scope.results?.state.page === page, `page ${page}`);
  await scope.settled();
  await rendered(el);
}

describe('keyword facet labels keep their language after paging (issue 28 point 12)', () => {
  before(() => loadMessages('en'));
  beforeEach(freshPage);

  it('every foreign keyword keeps lang on every page once a page listed it, also back on page 1', async () => {
    const { el, scope } = await mountSearch<DatasetFacets>(html`<dataset-facets lang="en"></dataset-facets>`, { contextId: '1', pageSize: 4 });
    await rendered(el);
    const pages = scope.results!.pageCount;
    expect(pages).to.be.greaterThan(2);
    const learnt = new Map<string, string>();
    for (let page = 1; page <= pages; page++) {
      if (page > 1) await toPage(el, scope, page);
      const shown = await keywordLangs(el);
      for (const [word, lang] of shown) if (lang) learnt.set(word, lang);
      // a keyword learnt on an earlier page keeps its language here
      for (const [word, lang] of learnt) if (shown.has(word)) expect(shown.get(word), `${word} on page ${page}`).to.equal(lang);
    }
    await toPage(el, scope, 1);
    const back = await keywordLangs(el);
    for (const [word, lang] of Object.entries(FOREIGN)) expect(back.get(word), `${word} back on page 1`).to.equal(lang);
    // English keywords on an English page need no lang
    expect(back.get('library')).to.equal('');
    await expect(el).to.be.accessible();
  });
});
