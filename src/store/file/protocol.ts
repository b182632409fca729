/** Messages between the file store (page) and its worker. */
import type { CatalogFileFailure, CatalogProgress } from './open-catalog.ts';
import type { CatalogSource } from './source.ts';

export type ToWorker = { readonly type: 'open'; readonly source: CatalogSource } | { readonly type: 'get'; readonly id: number; readonly url: string };

export type FromWorker =
  | ({ readonly type: 'progress' } & CatalogProgress)
  | { readonly type: 'ready' }
  | ({ readonly type: 'failed' } & CatalogFileFailure)
  /** The worker's own code failed (a chunk it imports could not be loaded): the page opens the file itself. */
  | { readonly type: 'broken'; readonly message: string }
  /**
   * `body`: the answer's JSON text as UTF-8 bytes, transferred (not copied): the page reads it without a copy of its
   * own, where a string (or the object it describes) is copied into the page's heap on its main thread.
   */
  | { readonly type: 'answer'; readonly id: number; readonly status: number; readonly body: Uint8Array<ArrayBuffer> };
