/**
 * The indicator badges of result rows (`includeIndicators` in datasetListLayout and the portal layout, behaviour doc
 * §1.8): a small lazy chunk of its own, loaded by a list only while the parameter is on. Reads each row entry's own
 * graph (`entryIndicators`), never the landing view models, so a search page does not download them for this.
 */
import type { Lang } from '../../src/i18n/index.ts';
import { entryIndicators } from '../../src/rich/indicators.ts';
import { loadVocabulariesFor } from '../../src/dcat/vocab.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import type { RenderContext } from '../base/render.ts';
import { adoptIndicatorStyles, indicatorList, loadIndicatorStrings } from '../dataset-extras/indicators.ts';

/** The strings of the badges and the vocabularies that label the rows' values (frequency, licence…). Never rejects. */
export async function prepareRows(lang: Lang, entries: readonly StoreEntry[], doc: Document): Promise<void> {
  adoptIndicatorStyles(doc);
  const iris = entries.flatMap((e) => [...e.metadata.triples()].filter((t) => t.object.termType === 'NamedNode').map((t) => t.object.value));
  await Promise.all([loadIndicatorStrings(lang), loadVocabulariesFor(iris, lang).catch(() => undefined)]);
}

/** The badges of one row (nothing when no indicator has a label). */
export function rowIndicators(entry: StoreEntry, ctx: RenderContext): unknown {
  return indicatorList(entryIndicators(entry, ctx.lang), ctx);
}
