/**
 * Styles of `<catalog-data-preview>`: tools above the table, a table that scrolls sideways inside its own region at
 * phone widths (cells wrap long text, numbers right-aligned), a small pager. Low specificity, themeable.
 */
import { css } from 'lit';

export const dataPreviewStyles = css`
  :where(catalog-data-preview) {
    display: block;
    font-family: var(--cb-font, inherit);
    color: var(--cb-text, #1a1a1a);
    line-height: 1.5;
  }
  :where(.esbPreviewStatus) {
    margin: 0.5rem 0;
  }
  :where(.esbPreviewActions) {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1rem;
    margin: 0.5rem 0;
  }
  :where(.esbPreviewTools) {
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    gap: 0.5rem 1rem;
    margin: 0.5rem 0;
  }
  :where(.esbPreviewFilter) {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem 0.5rem;
  }
  :where(.esbPreviewFilter input) {
    font: inherit;
    padding: 0.25rem 0.5rem;
    border: 1px solid var(--cb-border, #767b83);
    border-radius: var(--cb-radius, 4px);
    background: var(--cb-surface, #ffffff);
    color: inherit;
  }
  /* the Columns summary is a disclosure button of the shared set (base.styles.ts); open, its chevron turns */
  :where(.esbPreviewColumns[open] > .esbBtnDisclosure)::after {
    transform: rotate(-135deg);
  }
  :where(.esbPreviewColumns fieldset) {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
    margin: 0.5rem 0 0;
    border: 1px solid var(--cb-border, #c4c9d0);
    border-radius: var(--cb-radius, 4px);
  }
  :where(.esbPreviewScroll) {
    max-width: 100%;
    overflow-x: auto;
  }
  :where(.esbPreviewScroll):focus-visible,
  :where(.esbPreviewBlock) :where(input, summary, button):focus-visible {
    outline: 3px solid var(--cb-focus, #0b5cad);
    outline-offset: 2px;
  }
  :where(.esbPreviewTable) {
    border-collapse: collapse;
    font-size: 0.9375em;
  }
  :where(.esbPreviewTable caption) {
    text-align: start;
    font-weight: 600;
    padding: 0.25rem 0;
  }
  :where(.esbPreviewTable th, .esbPreviewTable td) {
    min-width: 6ch;
    max-width: 40ch;
    padding: 0.25rem 0.5rem;
    border: 1px solid var(--cb-border, #c4c9d0);
    text-align: start;
    vertical-align: top;
    overflow-wrap: break-word;
    white-space: pre-line;
  }
  :where(.esbPreviewTable th) {
    background: var(--cb-surface, #f7f8fa);
    padding: 0;
  }
  :where(.esbPreviewTable th button) {
    display: flex;
    width: 100%;
    gap: 0.25rem;
    justify-content: space-between;
    padding: 0.25rem 0.5rem;
    border: 0;
    background: transparent;
    color: inherit;
    font: inherit;
    font-weight: 600;
    text-align: inherit;
    overflow-wrap: break-word;
  }
  :where(.esbPreviewTable .esbNum) {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  :where(.esbPreviewPager) {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
    margin: 0.5rem 0;
  }
`;
