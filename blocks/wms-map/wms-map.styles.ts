/**
 * Styles of the map blocks, including the few OpenLayers classes they use (written here, not ol.css: adopted as a
 * constructed stylesheet, CSP-safe like every block sheet). Low specificity (`:where`); themeable with the shared
 * custom properties plus --cb-map-background (the plain background shown under the WMS layers: no base map) and
 * --cb-coverage-map-height (the spatial coverage map, default 220px; WMS maps are 300px).
 */
import { css } from 'lit';

export const mapStyles = css`
  :where(catalog-wms-map, catalog-spatial-map, catalog-points-map) {
    display: block;
    font-family: var(--cb-font, inherit);
    color: var(--cb-text, #1a1a1a);
    line-height: 1.5;
    overflow-wrap: anywhere;
  }
  :where(.esbMap) {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    margin-block: 0.5rem;
  }
  :where(.esbMapTitle) {
    margin: 0;
  }
  :where(.esbMapSkip):not(:focus) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  :where(.esbMapViewport) {
    position: relative;
    box-sizing: border-box;
    width: 100%;
    height: 300px;
    background: var(--cb-map-background, #e8eef4);
    border: 1px solid var(--cb-border, #c4c9d0);
    border-radius: var(--cb-radius, 4px);
    overflow: hidden;
  }
  :where(.esbMapViewport):focus-visible {
    outline: 3px solid var(--cb-focus, #0b5cad);
    outline-offset: 2px;
  }
  :where(.esbMapLayers) {
    margin: 0;
    padding: 0.25rem 0.75rem 0.5rem;
    border: 1px solid var(--cb-border, #c4c9d0);
    border-radius: var(--cb-radius, 4px);
  }
  :where(.esbMapLayers) :where(label) {
    display: flex;
    align-items: center;
    gap: 0.5rem;
  }
  :where(.esbMapLayers) :where(input):focus-visible {
    outline: 3px solid var(--cb-focus, #0b5cad);
    outline-offset: 2px;
  }
  :where(.esbMapLegend) :where(ul) {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem 1.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  :where(.esbMapLegend) :where(li) {
    display: flex;
    align-items: center;
    gap: 0.5rem;
  }
  :where(.esbMapLegend) :where(img) {
    max-width: 100%;
    height: auto;
  }
  :where(.esbMapLegendTitle) {
    margin: 0 0 0.25rem;
    font-size: 1em;
  }
  :where(.esbMapCoverage) :where(.esbMapViewport) {
    height: var(--cb-coverage-map-height, 220px);
  }
  :where(.esbMapAttribution) {
    margin: -0.25rem 0 0;
    font-size: 0.8125em;
    color: var(--cb-muted, #4a5159);
    text-align: end;
  }
  :where(.esbMapCoverageText) {
    margin: 0;
    color: var(--cb-muted, #4a5159);
  }
  /* OpenLayers: what the blocks need of its layout (it sets positions and sizes itself through element.style). */
  :where(.esbMapViewport) :where(.ol-viewport) {
    touch-action: pan-y;
  }
  :where(.esbMapViewport) :where(.ol-unselectable) {
    user-select: none;
  }
  :where(.esbMapViewport) :where(.ol-hidden) {
    display: none;
  }
  :where(.esbMapViewport) :where(.ol-zoom) {
    position: absolute;
    top: 0.5rem;
    left: 0.5rem;
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  :where(.esbMapViewport) :where(.ol-zoom button) {
    width: 2rem;
    height: 2rem;
    padding: 0;
    font: inherit;
    font-size: 1.25rem;
    line-height: 1;
    color: var(--cb-accent-contrast, #fff);
    background: var(--cb-accent, #0b5cad);
    border: 1px solid var(--cb-accent-contrast, #fff);
    border-radius: var(--cb-radius, 4px);
    cursor: pointer;
  }
  :where(.esbMapViewport) :where(.ol-zoom button):focus-visible {
    outline: 3px solid var(--cb-focus, #0b5cad);
    outline-offset: 2px;
  }
  :where(.esbMapViewport) :where(.esbVisuallyHidden) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;
