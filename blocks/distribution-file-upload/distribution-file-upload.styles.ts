/**
 * Styles of `<distribution-file-upload>`: low specificity (`:where`), themeable with the shared custom properties
 * (base.styles.ts) plus --cb-success. State never shows by colour alone: every status has its words (and a ✓ / ✗).
 */
import { css } from 'lit';

export const uploadStyles = css`
  :where(distribution-file-upload) {
    display: block;
    font-family: var(--cb-font, inherit);
    color: var(--cb-text, #1a1a1a);
    line-height: 1.5;
    /* Metadata is untrusted: a 100 KB token or an 80-character URL must wrap, never widen the page (inherited). */
    overflow-wrap: anywhere;
  }
  :where(.esbUpload) :where(.esbUploadTitle) {
    margin: 0 0 0.75rem;
  }
  :where(.esbUpload) :where(form) {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 0.75rem;
  }
  :where(.esbUpload) :where(.esbField) {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    max-width: 100%;
  }
  :where(.esbUpload) :where(label, legend) {
    font-weight: 600;
  }
  :where(.esbUpload) :where(.esbChoice label) {
    font-weight: normal;
  }
  :where(.esbUpload) :where(input[type='text'], input[type='password']) {
    font: inherit;
    padding: 0.375rem 0.5rem;
    border: 1px solid var(--cb-muted, #4a4f57);
    border-radius: var(--cb-radius, 4px);
    min-width: min(20rem, 100%);
  }
  :where(.esbUpload) :where(input[type='file']) {
    font: inherit;
    max-width: 100%;
  }
  :where(.esbUpload) :where(input[aria-invalid='true']) {
    border-color: var(--cb-error, #b00020);
    border-width: 2px;
  }
  :where(.esbUpload) :where(input, button, a, [tabindex='-1']):focus-visible {
    outline: 3px solid var(--cb-focus, #0b5cad);
    outline-offset: 2px;
  }
  :where(.esbUpload) :where(.esbUploadStatus):focus {
    outline: 3px solid var(--cb-focus, #0b5cad);
    outline-offset: 2px;
  }
  :where(.esbUpload) :where(fieldset) {
    margin: 0;
    padding: 0.5rem 0.75rem;
    border: 1px solid var(--cb-border, #c4c9d0);
    border-radius: var(--cb-radius, 4px);
  }
  :where(.esbUpload) :where(.esbChoice) {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.125rem 0;
  }
  :where(.esbUpload) :where(.esbHint) {
    margin: 0;
    color: var(--cb-muted, #4a4f57);
    font-size: 0.9375em;
  }
  :where(.esbUpload) :where(.esbUploadSession) {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1rem;
    margin-bottom: 0.75rem;
  }
  :where(.esbUpload) :where(.esbUploadStatus) {
    flex-direction: column;
    align-items: flex-start;
  }
  :where(.esbUpload) :where(.esbUploadStatusBody > p) {
    margin: 0 0 0.5rem;
    overflow-wrap: anywhere;
  }
  :where(.esbUpload) :where(.esbUploadMessage) {
    font-weight: 600;
  }
  :where(.esbUpload) :where(.esbUploadProgress) {
    display: block;
    width: min(24rem, 100%);
    height: 1rem;
    accent-color: var(--cb-accent, #0b5cad);
  }
  :where(.esbUpload) :where(.esbSuccess) {
    border-color: var(--cb-success, #1b6e34);
    border-left-width: 4px;
  }
  :where(.esbUpload) :where(.esbUploadProblem, .esbUploadNotice) {
    margin: 0;
  }
  :where(.esbUpload) :where(.esbUploadJobId) {
    color: var(--cb-muted, #4a4f57);
    font-size: 0.875em;
  }
`;
