import { css } from 'lit';

/** Styles of <catalog-dataset-extras>; low specificity (`:where`) so any host rule wins. */
export const extrasStyles = css`
  :where(catalog-dataset-extras) {
    display: block;
  }
  :where(.esbExtrasList) {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  :where(.esbExtra) {
    padding: 0.75rem 0;
    border-bottom: 1px solid var(--cb-border, #c4c9d0);
  }
  :where(.esbExtra__title) {
    margin: 0 0 0.25rem;
  }
  :where(.esbExtra__details) {
    margin-top: 0.5rem;
  }
  :where(.esbExtrasPager) {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    margin-top: 0.75rem;
  }
`;
