/**
 * `<dataset-exports>` (and the legacy tag `<esb-datasetexports>`): importing this module registers both.
 * Registration is guarded, so loading the module twice does not throw.
 */
import { DatasetExports, rdfSerializer } from './dataset-exports.element.ts';

export { DatasetExports, rdfSerializer };
export type { ExportDetail, ExportFormat, RdfSerializer } from './dataset-exports.element.ts';

/**
 * Legacy EntryScape Blocks tag name (`esb-<block name lower-cased>`); same attributes and behaviour as `<dataset-exports>`.
 * @summary `<dataset-exports>` under its EntryScape Blocks tag name.
 * @tag esb-datasetexports
 */
export class EsbDatasetExports extends DatasetExports {}

if (!customElements.get('dataset-exports')) customElements.define('dataset-exports', DatasetExports);
if (!customElements.get('esb-datasetexports')) customElements.define('esb-datasetexports', EsbDatasetExports);

declare global {
  interface HTMLElementTagNameMap {
    'dataset-exports': DatasetExports;
    'esb-datasetexports': EsbDatasetExports;
  }
}
