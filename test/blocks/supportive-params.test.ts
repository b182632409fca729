// The supportive blocks read their own column of the parameter table through the one resolver (issue 13): a bad
// value, or a parameter the block does not read, warns naming the block and the tag the page author wrote — never
// the layout the part usually sits in — and one block's warning does not silence another's.
import { expect } from '@open-wc/testing';
import { attributeName, SUPPORTIVE_COLUMN_BLOCKS } from '../../src/config/params.ts';
import { resetParamWarnings } from '../../src/config/resolve.ts';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import '../../blocks/dataset-list/dataset-list.ts';
import '../../blocks/dataset-results/dataset-results.ts';
import '../../blocks/dataset-search/dataset-search.ts';
import '../../blocks/dataset-multi-search/dataset-multi-search.ts';
import '../../blocks/dataset-facets/dataset-facets.ts';
import '../../blocks/facet-search-responsiveness/facet-search-responsiveness.ts';
import '../../blocks/catalog-sort-select/sort-select.ts';
import '../../blocks/dataset-exports/dataset-exports.ts';
import '../../blocks/dataset-facet-search-layout/dataset-facet-search-layout.ts';
import { captureWarnings } from './helpers.ts';

/** An element of `tag` with `attrs`, not connected: reading `params` resolves them. */
function block(tag: string, attrs: Record<string, string>): CatalogBlock {
  const el = document.createElement(tag) as CatalogBlock;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

const SUPPORTIVE = Object.values(SUPPORTIVE_COLUMN_BLOCKS).flat();

describe('supportive blocks: warnings name the block the page wrote (generated from the parameter table)', () => {
  beforeEach(() => resetParamWarnings());

  for (const name of SUPPORTIVE) {
    const tag = attributeName(name);
    it(`<${tag} hl="zero">: a bad heading level (or one the block does not read) warns naming ${name} and <${tag}>`, async () => {
      const warnings = await captureWarnings(() => block(tag, { hl: 'zero' }).params);
      const w = warnings.find((m) => m.includes('"hl"'));
      expect(w, warnings.join('\n')).to.be.a('string');
      expect(w).to.include(`${name} (<${tag}>)`);
      expect(w).to.not.match(/Layout/);
    });
  }

  it('a bad break on <facet-search-responsiveness> names it, and the default is used', async () => {
    let value: unknown;
    const warnings = await captureWarnings(() => (value = block('facet-search-responsiveness', { break: 'wide' }).params.break));
    expect(value).to.equal('1024px');
    expect(warnings.join('\n')).to.include('facetSearchResponsiveness (<facet-search-responsiveness>): parameter "break" has the invalid value "wide"');
  });

  it('a bad sort order on <catalog-sort-select> names the sort select', async () => {
    const warnings = await captureWarnings(() => block('catalog-sort-select', { 'sort-order': 'sideways' }).params);
    expect(warnings.join('\n')).to.include('catalogSortSelect (<catalog-sort-select>): parameter "sortOrder"');
  });

  it('a parameter the facets do not read warns naming <dataset-facets>, and the layout still gets its own warning', async () => {
    const warnings = await captureWarnings(() => {
      expect(block('dataset-facets', { registry: 'true' }).params).to.not.have.property('registry');
      expect(block('dataset-facet-search-layout', { registry: 'true' }).params).to.not.have.property('registry');
    });
    const registry = warnings.filter((w) => w.includes('"registry"'));
    expect(registry, warnings.join('\n')).to.have.length(2);
    expect(registry[0]).to.include('datasetFacets (<dataset-facets>) does not accept');
    expect(registry[1]).to.include('datasetFacetSearchLayout (<dataset-facet-search-layout>) does not accept');
  });

  it('the list reads its column: page size and defaults as before, heading level 2', () => {
    const p = block('dataset-list', { limit: '5' }).params;
    expect(p.limit).to.equal(5);
    expect(p.hl).to.equal(2);
    expect(p.clickExpand).to.equal(true);
    expect(p.includeDataPreview).to.equal(false);
    expect(p.includeAutoVisualizations).to.equal(undefined);
  });
});
