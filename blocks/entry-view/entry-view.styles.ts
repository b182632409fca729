/**
 * Styles of `<catalog-entry-view>`: low specificity, themeable with the custom properties of base.styles.ts. The
 * slider never animates (nothing to reduce for prefers-reduced-motion); hidden slides are `hidden`.
 */
import { css } from 'lit';

export const entryViewStyles = css`
  :where(catalog-entry-view .esbImage) {
    max-width: 100%;
    height: auto;
  }
  :where(catalog-entry-view .esbSlider) {
    display: block;
    max-width: 100%;
  }
  :where(catalog-entry-view .esbSlide[hidden]) {
    display: none;
  }
  :where(catalog-entry-view .esbSliderControls) {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
    align-items: center;
    margin-top: 0.5rem;
  }
  :where(catalog-entry-view .esbSliderDot[aria-current='true']) {
    font-weight: bold;
    text-decoration: underline;
  }
  :where(catalog-entry-view .esbExpandBody[hidden]) {
    display: none;
  }
`;
