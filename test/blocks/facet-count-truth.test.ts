// Facet counts that tell the truth (issue 28 point 1): over EVERY value of every facet of the demo catalog (the dev
// store serves it as a real EntryStore would: counts per Solr field only), the count a value shows equals the number
// of results its link gives. Format buckets and licences are counted in several fields and spellings (the dataset's
// own and its distributions'), where the largest field count was only a lower bound ("CSV (3)" → 5 results).
// Run alone: npx wtr --files test/blocks/facet-count-truth.test.ts
import { expect, html } from '@open-wc/testing';
import { freshPage, mountSearch, rendered, until } from './search-input-helpers.ts';
import { text } from './helpers.ts';
import '../../blocks/dataset-facets/dataset-facets.ts';
import type { DatasetFacets } from '../../blocks/dataset-facets/dataset-facets.ts';
import { loadMessages } from '../../src/i18n/index.ts';
import type { SearchScope } from '../../src/search/scope.ts';
import { EMPTY_STATE, type CollectionName, type SearchState } from '../../src/search/types.ts';

interface Shown {
  readonly group: string;
  readonly value: string;
  readonly label: string;
  readonly count: number;
  readonly selected: boolean;
}

/** Opens every "Show more" so that every value is in the DOM. */
async function expandAll(el: DatasetFacets): Promise<void> {
  for (const more of el.querySelectorAll<HTMLButtonElement>('button.esbFacets__limitButton[aria-expanded="false"]')) more.click();
  await rendered(el);
}

/** Every value the column shows with the count a visitor reads, "(n)", and the number the screen reader hears. */
async function shownValues(el: DatasetFacets): Promise<Shown[]> {
  await expandAll(el);
  return [...el.querySelectorAll<HTMLAnchorElement>('a.esbFacets__optionLink')].map((a) => {
    const [group, ...rest] = a.dataset.facet!.split('|');
    const seen = Number(/^\((\d+)\)$/.exec(text(a.querySelector('.esbFacets__occurence')))?.[1]);
    const heard = Number(/(\d+)/.exec(text(a.querySelector('.esbVisuallyHidden')))?.[1]);
    expect(heard, `${text(a)}: the hidden count is the shown one`).to.equal(seen);
    return { group: group!, value: rest.join('|'), label: text(a.querySelector('.facetLabel')), count: seen, selected: a.getAttribute('aria-current') === 'true' };
  });
}

async function show(el: DatasetFacets, scope: SearchScope, state: SearchState): Promise<void> {
  scope.update(state);
  await until(() => scope.status !== 'loading' && scope.results?.state === scope.state, 'the search');
  await scope.settled();
  await rendered(el);
}

const mount = () => mountSearch<DatasetFacets>(html`<dataset-facets lang="en" hvd-filter type-filter></dataset-facets>`);

describe('facet counts equal the result counts (issue 28 point 1)', function () {
  (this as { timeout(ms: number): void }).timeout(120_000);
  before(() => loadMessages('en'));
  beforeEach(freshPage);

  it('from the start page: every value of every facet, clicked, gives as many results as it showed', async () => {
    const { el, scope } = await mount();
    const values = await shownValues(el);
    expect([...new Set(values.map((v) => v.group))]).to.include.members(['theme', 'org', 'format', 'license', 'access', 'keyword', 'type']);
    expect(values.length).to.be.greaterThan(40);
    const wrong: string[] = [];
    for (const v of values) {
      await show(el, scope, EMPTY_STATE);
      const link = [...el.querySelectorAll<HTMLAnchorElement>('a.esbFacets__optionLink')].find((a) => a.dataset.facet === `${v.group}|${v.value}`);
      expect(link, `${v.group} ${v.label} still listed`).to.exist;
      link!.click();
      await until(() => scope.status !== 'loading' && scope.results?.state === scope.state, 'the search');
      await scope.settled();
      await rendered(el);
      const total = scope.results!.total;
      if (total !== v.count) wrong.push(`${v.group} "${v.label}" showed (${v.count}), gives ${total}`);
      // the selected value shows the result count too
      const selected = (await shownValues(el)).find((s) => s.group === v.group && s.value === v.value);
      if (selected?.count !== total) wrong.push(`${v.group} "${v.label}" selected shows (${selected?.count}), gives ${total}`);
    }
    expect(wrong).to.deep.equal([]);
  });

  it('within a selection: every value of the other facets gives as many results as it shows (AND across groups)', async () => {
    const { el, scope } = await mount();
    const start = await shownValues(el);
    // one selection per group (its most frequent value), then every value of every other group
    const firsts = [...new Map(start.map((v) => [v.group, v] as const)).values()].reverse();
    const wrong: string[] = [];
    let checked = 0;
    for (const first of firsts) {
      const base: SearchState = { ...EMPTY_STATE, filters: { [first.group as CollectionName]: [first.value] } };
      await show(el, scope, base);
      for (const v of (await shownValues(el)).filter((s) => s.group !== first.group)) {
        await show(el, scope, { ...base, filters: { ...base.filters, [v.group as CollectionName]: [v.value] } });
        checked++;
        if (scope.results!.total !== v.count) wrong.push(`${first.label} + ${v.group} "${v.label}" showed (${v.count}), gives ${scope.results!.total}`);
        await show(el, scope, base);
      }
    }
    expect(checked).to.be.greaterThan(40);
    expect(wrong).to.deep.equal([]);
  });
});
