/**
 * `<dataservice-view>` (and the legacy tag `<esb-dataserviceview>`): importing this module registers both.
 * Registration is guarded, so loading the module twice (npm + CDN on one page) does not throw.
 */
import { DataserviceView } from './dataservice-view.element.ts';

export { DataserviceView };

/**
 * Legacy EntryScape Blocks tag name (`esb-<block name lower-cased>`); same attributes and behaviour as
 * `<dataservice-view>`.
 * @summary `<dataservice-view>` under its EntryScape Blocks tag name.
 * @tag esb-dataserviceview
 */
export class EsbDataserviceView extends DataserviceView {}

if (!customElements.get('dataservice-view')) customElements.define('dataservice-view', DataserviceView);
if (!customElements.get('esb-dataserviceview')) customElements.define('esb-dataserviceview', EsbDataserviceView);

declare global {
  interface HTMLElementTagNameMap {
    'dataservice-view': DataserviceView;
    'esb-dataserviceview': EsbDataserviceView;
  }
}
