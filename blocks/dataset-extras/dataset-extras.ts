/**
 * `<catalog-dataset-extras>`: importing this module registers it (guarded: loading it twice does not throw). The
 * landing page and expanded result rows import it lazily when `includeExtras` is on; the models come from `extrasOf`
 * (src/rich/extras.ts) over the entries of the batched lookup made with `extrasInverse(datasetUri)`.
 */
import { DatasetExtrasBlock } from './extras.element.ts';

export { DatasetExtrasBlock };
export { loadExtrasStrings } from './strings.ts';
export { extrasOf, extrasInverse, SHOWCASE_TYPE, IDEA_TYPE, type ExtraModel, type Extras } from '../../src/rich/extras.ts';

if (!customElements.get('catalog-dataset-extras')) customElements.define('catalog-dataset-extras', DatasetExtrasBlock);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-dataset-extras': DatasetExtrasBlock;
  }
}
