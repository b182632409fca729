/**
 * `<distribution-file-upload>`: importing this module registers it. Registration is guarded, so loading the module
 * twice does not throw.
 */
import { DistributionFileUpload } from './distribution-file-upload.element.ts';

export { DistributionFileUpload };
export type { UploadMode, UploadPhase, UploadState, UploadStateDetail } from './distribution-file-upload.element.ts';

if (!customElements.get('distribution-file-upload')) customElements.define('distribution-file-upload', DistributionFileUpload);

declare global {
  interface HTMLElementTagNameMap {
    'distribution-file-upload': DistributionFileUpload;
  }
}
