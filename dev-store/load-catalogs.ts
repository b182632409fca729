/** The dev store's catalogs read from disk (or given as text) into the store, each file its own context. */
import { CatalogBuilder } from '../src/catalog-engine/catalog-builder.ts';
import { blankPrefix } from '../src/catalog-engine/catalog.ts';
import type { DevStore } from '../src/catalog-engine/catalog.ts';
import { CatalogParseError, parseRdfFile, parseRdfTextInto } from './rdf/parse.ts';
import type { RdfFormat } from './rdf/parse.ts';

export interface CatalogSource {
  file: string;
  /** Text of the file; read from disk when absent. */
  text?: string;
  format?: RdfFormat;
}

/**
 * Reads and parses every source, each into its own context ("1", "2", …), the triples grouped by subject as they are
 * parsed (files are streamed). Throws CatalogParseError.
 */
export async function loadCatalogs(store: DevStore, sources: readonly (string | CatalogSource)[]): Promise<void> {
  const parsed: { file: string; catalog: CatalogBuilder }[] = [];
  for (const [i, src] of sources.entries()) {
    const source = typeof src === 'string' ? { file: src } : src;
    const ctxId = String(store.contexts.size + i + 1);
    const options = { file: source.file, baseIri: `${store.baseUrl}${ctxId}/resource/`, blankPrefix: blankPrefix(ctxId), ...(source.format ? { format: source.format } : {}) };
    const catalog = new CatalogBuilder();
    try {
      if (source.text !== undefined) await parseRdfTextInto(source.text, options, catalog.add);
      else await parseRdfFile(source.file, options, catalog.add);
    } catch (e) {
      if (e instanceof CatalogParseError) throw e;
      if (source.text === undefined && (e as NodeJS.ErrnoException).code) {
        throw new CatalogParseError(source.file, `cannot read file (${(e as NodeJS.ErrnoException).code})`);
      }
      throw e;
    }
    parsed.push({ file: source.file, catalog });
  }
  // Parse everything first: a broken file must not leave a half-loaded store.
  for (const p of parsed) store.addContext(p.file, p.catalog, undefined, false);
  store.recomputeRelations();
}
