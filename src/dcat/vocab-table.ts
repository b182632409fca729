/** Shape of a bundled vocabulary table (generated into src/dcat/vocab/ by scripts/build-vocab.mjs). */
export interface VocabLabels {
  readonly sv?: string;
  readonly en?: string;
  readonly de?: string;
  /** File types only: the authority code (URI's last segment), e.g. `CSV`, `WMS_SRVC`. */
  readonly code?: string;
}

export type VocabTable = Readonly<Record<string, VocabLabels>>;
