/**
 * `<catalog-data-preview>`: importing this module registers it. Registration is guarded, so loading the module twice
 * does not throw. Landing pages and expanded result rows import it lazily when `includeDataPreview` is on; which
 * distributions get a preview, and from which URL, says src/preview/candidate.ts (`previewSource`), which the landing
 * code imports statically (it is small and uses the landing page's format tests).
 */
import { DataPreviewBlock } from './data-preview.element.ts';

export { DataPreviewBlock };
export type { PreviewState, PreviewStateDetail } from './data-preview.element.ts';

if (!customElements.get('catalog-data-preview')) customElements.define('catalog-data-preview', DataPreviewBlock);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-data-preview': DataPreviewBlock;
  }
}
