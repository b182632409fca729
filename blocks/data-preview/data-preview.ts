/**
 * `<catalog-data-preview>`: importing this module registers it. Registration is guarded, so loading the module twice
 * does not throw. Landing pages and expanded result rows import it lazily when `includeDataPreview` is on.
 */
import { DataPreviewBlock } from './data-preview.element.ts';

export { DataPreviewBlock };
export type { PreviewState, PreviewStateDetail } from './data-preview.element.ts';
export { previewSource, previewSourceOf, isPreviewCandidate } from '../../src/preview/candidate.ts';

if (!customElements.get('catalog-data-preview')) customElements.define('catalog-data-preview', DataPreviewBlock);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-data-preview': DataPreviewBlock;
  }
}
