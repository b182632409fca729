/**
 * The open-data extension's showcase and idea blocks (issue 26) under their own tags: `<catalog-showcase-search>`
 * (`showcaseSearch`), `<catalog-idea-search>` (`ideaSearch`), `<catalog-showcase-list>` (`showcaseList`) and
 * `<catalog-idea-list>` (`ideaList`). Importing this module registers all four (guarded). A lazy chunk: the CDN loader
 * imports it when a page first uses one of the tags (entry/block-loaders.ts).
 */
import { ExtraListBlock } from './showcase-list.element.ts';
import { searchListStyles } from '../dataset-list/search-list.styles.ts';
import { showcaseListStyles } from './showcase-list.styles.ts';

export { ExtraListBlock } from './showcase-list.element.ts';

/**
 * Every showcase (`esterms:Result`) of the store or of `context`, narrowed by the page's search (`simpleSearch` with
 * the same `scope`): rows with title, image, description, a link to its web site and the datasets it uses.
 * @summary Searchable list of showcases.
 * @tag catalog-showcase-search
 */
export class ShowcaseSearch extends ExtraListBlock {
  static override blockStyles = [searchListStyles, showcaseListStyles];
  static override incumbentName = 'showcaseSearch';
  static override kind = 'showcase' as const;
}

/**
 * Every idea (`esterms:Idea`) of the store or of `context`, narrowed by the page's search.
 * @summary Searchable list of ideas.
 * @tag catalog-idea-search
 */
export class IdeaSearch extends ExtraListBlock {
  static override blockStyles = [searchListStyles, showcaseListStyles];
  static override incumbentName = 'ideaSearch';
  static override kind = 'idea' as const;
}

/**
 * The showcases that name the page's dataset as their `dcterms:source`, under a "Showcases" heading `h{hl}`.
 * @summary Showcases of the page's dataset.
 * @tag catalog-showcase-list
 */
export class ShowcaseList extends ExtraListBlock {
  static override blockStyles = [searchListStyles, showcaseListStyles];
  static override incumbentName = 'showcaseList';
  static override kind = 'showcase' as const;
  static override ofDataset = true;
}

/**
 * The ideas that name the page's dataset as their `dcterms:source`, under an "Ideas" heading `h{hl}`.
 * @summary Ideas of the page's dataset.
 * @tag catalog-idea-list
 */
export class IdeaList extends ExtraListBlock {
  static override blockStyles = [searchListStyles, showcaseListStyles];
  static override incumbentName = 'ideaList';
  static override kind = 'idea' as const;
  static override ofDataset = true;
}

if (!customElements.get('catalog-showcase-search')) customElements.define('catalog-showcase-search', ShowcaseSearch);
if (!customElements.get('catalog-idea-search')) customElements.define('catalog-idea-search', IdeaSearch);
if (!customElements.get('catalog-showcase-list')) customElements.define('catalog-showcase-list', ShowcaseList);
if (!customElements.get('catalog-idea-list')) customElements.define('catalog-idea-list', IdeaList);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-showcase-search': ShowcaseSearch;
    'catalog-idea-search': IdeaSearch;
    'catalog-showcase-list': ShowcaseList;
    'catalog-idea-list': IdeaList;
  }
}
