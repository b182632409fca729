/**
 * `<catalog-showcase-list>`: the open-data extension's showcase and idea blocks `showcaseSearch`, `ideaSearch`,
 * `showcaseList` and `ideaList` as one element (`kind="showcase|idea"`, `of-dataset`; src/legacy/names.ts maps the
 * four names to it). Importing this module registers it (guarded). A lazy chunk: the CDN loader imports it when a page
 * first uses the tag (entry/block-loaders.ts).
 */
import { ShowcaseList } from './showcase-list.element.ts';

export { ShowcaseList, type ExtraKind } from './showcase-list.element.ts';

if (!customElements.get('catalog-showcase-list')) customElements.define('catalog-showcase-list', ShowcaseList);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-showcase-list': ShowcaseList;
  }
}
