/**
 * Styles of `<catalog-visualization>` and `<catalog-visualization-tabs>`: the chart scales with its container
 * (viewBox), axis text and grid in the theme's colours, the "Show as table" table, and the tab list. Colours of marks
 * are SVG presentation attributes; forced-colors mode repaints them in system colours (the browser leaves SVG
 * `fill`/`stroke` alone, so this sheet does it: text and lines CanvasText, grid GrayText, pie patterns CanvasText on
 * Canvas — slices stay apart by pattern). Low specificity, themeable.
 */
import { css } from 'lit';

export const vizStyles = css`
  :where(catalog-visualization, catalog-visualization-tabs) {
    display: block;
    font-family: var(--cb-font, inherit);
    color: var(--cb-text, #1a1a1a);
    line-height: 1.5;
  }
  :where(.esbVizFigure) {
    margin: 0.5rem 0 1rem;
  }
  :where(.esbVizCaption) {
    margin-top: 0.5rem;
    color: var(--cb-muted, #555b63);
    font-size: 0.9em;
  }
  :where(.esbVizStatus:empty) {
    display: none;
  }
  :where(.esbVizChart) {
    display: block;
    width: 100%;
    max-width: 48rem;
    height: auto;
    overflow: visible;
  }
  :where(.esbVizChart text) {
    fill: var(--cb-text, #1a1a1a);
    font-size: 12px;
  }
  :where(.esbVizGrid) {
    stroke: var(--cb-border, #c4c9d0);
    stroke-width: 1;
  }
  :where(.esbVizAxis line:not(.esbVizGrid)) {
    stroke: var(--cb-text, #1a1a1a);
  }
  :where(.esbVizSwatch) {
    stroke: var(--cb-text, #1a1a1a);
  }
  :where(.esbVizKey) {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
    margin: 0.5rem 0;
    padding: 0;
    list-style: none;
  }
  :where(.esbVizKey li) {
    display: flex;
    align-items: center;
    gap: 0.35rem;
  }
  :where(.esbVizNote) {
    margin: 0.25rem 0;
    color: var(--cb-muted, #555b63);
    font-size: 0.9em;
  }
  :where(.esbVizTab) {
    font: inherit;
    padding: 0.3rem 0.75rem;
    border: 1px solid var(--cb-border, #767b83);
    border-radius: var(--cb-radius, 4px);
    background: var(--cb-surface, #f7f8fa);
    color: inherit;
    cursor: pointer;
  }
  :where(.esbVizTableWrap) {
    overflow-x: auto;
    margin: 0.5rem 0;
  }
  :where(.esbVizTable) {
    border-collapse: collapse;
  }
  :where(.esbVizTable caption) {
    text-align: start;
    font-weight: 600;
    margin-bottom: 0.25rem;
  }
  :where(.esbVizTable th, .esbVizTable td) {
    padding: 0.2rem 0.6rem;
    border: 1px solid var(--cb-border, #c4c9d0);
    text-align: start;
    vertical-align: top;
  }
  :where(.esbVizTable thead th) {
    background: var(--cb-surface, #f7f8fa);
  }
  :where(.esbVizTable .esbNum) {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  :where(.esbVizTabList) {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
    border-bottom: 2px solid var(--cb-border, #c4c9d0);
  }
  :where(.esbVizTab[aria-selected='true']) {
    background: var(--cb-accent, #0b5cad);
    border-color: var(--cb-accent, #0b5cad);
    color: var(--cb-accent-contrast, #ffffff);
  }
  :where(.esbVizTabPanel) {
    padding: 0.5rem 0;
  }
  :where(.esbVizTabPanel:focus-visible) {
    outline: 3px solid var(--cb-focus, #0b5cad);
    outline-offset: 2px;
  }
  @media (forced-colors: active) {
    :where(.esbVizChart text) {
      fill: CanvasText;
    }
    :where(.esbVizAxis line:not(.esbVizGrid), .esbVizLine) {
      stroke: CanvasText;
    }
    :where(.esbVizGrid) {
      stroke: GrayText;
    }
    :where(.esbVizMark) {
      fill: CanvasText;
      stroke: Canvas;
    }
    :where(.esbVizSlice, .esbVizSwatch) {
      stroke: CanvasText;
    }
    :where(.esbVizPatBg) {
      fill: Canvas;
    }
    :where(.esbVizPatSolid) {
      fill: CanvasText;
    }
    :where(.esbVizPatMarks) {
      fill: CanvasText;
      stroke: CanvasText;
    }
    :where(.esbVizTab[aria-selected='true']) {
      border-width: 3px;
    }
  }
`;
