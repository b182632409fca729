/** The store a page root provides to every block below it (Lit context); blocks fall back to `storeFor`. */
import { createContext } from '@lit/context';
import type { CatalogStore } from './types.ts';

export const storeContext = createContext<CatalogStore>(Symbol.for('catalog-blocks/store'));
