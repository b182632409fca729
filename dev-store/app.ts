/** What route modules and plugins get: the data, its index, where the store lives, and the router to add routes to. */
import type { DevStore } from '../src/catalog-engine/catalog.ts';
import type { CorsOrigins } from './http/cors.ts';
import type { Router } from './http/router.ts';
import type { SearchIndex } from '../src/catalog-engine/search/index.ts';

export interface StoreApp {
  readonly store: DevStore;
  readonly index: SearchIndex;
  /** `{store}` e.g. `http://localhost:8080/store/` (ends with `/`). */
  readonly baseUrl: string;
  /** Path part of baseUrl, e.g. `/store/`. */
  readonly storePath: string;
  readonly router: Router;
  /** Largest search page size served (default 100, as EntryStore). */
  readonly maxLimit?: number;
  /** Origins answered with CORS (`--cors-origin`; none by default: CORS off, as EntryStore); /api with credentials. */
  readonly corsOrigins: CorsOrigins;
  /** Single byte ranges on `/resource/` files (`--range`; off by default, as EntryStore). */
  readonly range?: boolean;
}

/** Adds routes (e.g. the upload job APIs of a later feature) to a running store. */
export type StorePlugin = (app: StoreApp) => void;

/** Escapes a literal path for use inside a RegExp. */
export function rx(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
