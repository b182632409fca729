/**
 * Styles shared by every block: state messages, spinner, visually hidden text, focus rings, buttons (`esbBtn` with
 * `esbBtnPrimary`, `esbBtnSecondary` or `esbBtnDisclosure`), tags and badges.
 * Low specificity (`:where(...)`) so any host rule wins; theming through custom properties:
 *   --cb-font, --cb-text, --cb-muted, --cb-accent, --cb-accent-contrast, --cb-surface, --cb-border, --cb-focus,
 *   --cb-tag-bg, --cb-tag-text, --cb-error, --cb-radius, --cb-gap, --cb-button-bg (README "Theming" lists them all).
 * Default colours meet WCAG 2.1 AA contrast on white (text 16.1:1, muted 7.0:1, accent 6.6:1, tag 9.6:1).
 */
import { css } from 'lit';

export const BLOCK_TAGS = ':where(dataset-view, dataservice-view, esb-datasetview, esb-dataserviceview)';

export const baseStyles = css`
  :where(catalog-store-provider) {
    display: contents;
  }
  :where(dataset-view, dataservice-view, esb-datasetview, esb-dataserviceview) {
    display: block;
    font-family: var(--cb-font, inherit);
    color: var(--cb-text, #1a1a1a);
    line-height: 1.5;
    /* Metadata is untrusted: a 100 KB token or an 80-character URL must wrap, never widen the page (inherited). */
    overflow-wrap: anywhere;
  }
  :where(.esbVisuallyHidden) {
    position: absolute !important;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  :where(.esbBlock) :where(a) {
    color: var(--cb-accent, #0b5cad);
  }
  :where(.esbBlock) :where(a, button):focus-visible,
  :where(.esbBtn):focus-visible {
    outline: 3px solid var(--cb-focus, #0b5cad);
    outline-offset: 2px;
  }
  :where(.esbBlock) :where(button) {
    font: inherit;
    cursor: pointer;
  }
  :where(.esbState) {
    display: flex;
    align-items: center;
    gap: var(--cb-gap, 0.75rem);
    padding: 0.75rem 1rem;
    border: 1px solid var(--cb-border, #c4c9d0);
    border-radius: var(--cb-radius, 4px);
    background: var(--cb-surface, #f7f8fa);
  }
  /* a state's message is a heading at the block's level (hl), so the outline never loses it; it looks like text */
  :where(.esbStateHeading) {
    margin: 0;
    font: inherit;
  }
  :where(.esbError) {
    border-color: var(--cb-error, #b00020);
    border-left-width: 4px;
  }
  /* One set of buttons for every block (issue 28): primary (filled), secondary (outlined) and disclosure (outlined, a
     chevron that turns with aria-expanded). Same box, radius, padding and font for all three; a 36 px target. */
  :where(.esbBtn) {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.5rem;
    box-sizing: border-box;
    min-width: 2.25rem;
    min-height: 2.25rem;
    padding: 0.375rem 0.75rem;
    border: 1px solid var(--cb-accent, #0b5cad);
    border-radius: var(--cb-radius, 4px);
    background: var(--cb-button-bg, #ffffff);
    color: var(--cb-accent, #0b5cad);
    font: inherit;
    font-weight: 600;
    line-height: 1.25;
    cursor: pointer;
  }
  :where(.esbBtnPrimary) {
    background: var(--cb-accent, #0b5cad);
    color: var(--cb-accent-contrast, #ffffff);
  }
  :where(.esbBtn:disabled, .esbBtn[aria-disabled='true']) {
    border-color: var(--cb-border, #c4c9d0);
    background: var(--cb-button-bg, #ffffff);
    color: var(--cb-muted, #4a4f57);
    cursor: not-allowed;
  }
  :where(.esbBtnDisclosure)::after {
    content: '';
    flex: none;
    width: 0.45rem;
    height: 0.45rem;
    border-right: 2px solid currentColor;
    border-bottom: 2px solid currentColor;
    transform: rotate(45deg);
  }
  :where(.esbBtnDisclosure[aria-expanded='true'])::after {
    transform: rotate(-135deg);
  }
  :where(.esbSpinner) {
    display: inline-block;
    width: 1.25rem;
    height: 1.25rem;
    border: 3px solid var(--cb-border, #c4c9d0);
    border-top-color: var(--cb-accent, #0b5cad);
    border-radius: 50%;
    animation: esb-spin 0.8s linear infinite;
  }
  @keyframes esb-spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    :where(.esbSpinner) {
      animation: none;
      border-top-color: var(--cb-border, #c4c9d0);
      border-right-color: var(--cb-accent, #0b5cad);
    }
    :where(.esbBlock) * {
      transition: none !important;
      animation: none !important;
    }
  }
  :where(.esbTags) {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    list-style: none;
    margin: 0.75rem 0;
    padding: 0;
  }
  :where(.esbTag, .formatLabel, .esbApiBadge) {
    display: inline-block;
    padding: 0.1rem 0.5rem;
    border-radius: var(--cb-radius, 4px);
    background: var(--cb-tag-bg, #e6edf5);
    color: var(--cb-tag-text, #13325b);
    font-size: 0.875em;
    font-weight: 600;
  }
  :where(.esbApiBadge) {
    background: var(--cb-api-bg, #13325b);
    color: var(--cb-api-text, #ffffff);
  }
  :where(.esbMuted, .distributionNoName, .esbUntitled) {
    color: var(--cb-muted, #4a4f57);
    font-style: italic;
  }
  :where(.esbDescription) :where(p) {
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
  :where(.esbFields) {
    margin: 0;
  }
  :where(.esbFields) :where(dt) {
    font-weight: 600;
    margin-top: 0.5rem;
  }
  :where(.esbFields) :where(dd) {
    margin: 0 0 0 1rem;
    overflow-wrap: anywhere;
  }
`;
