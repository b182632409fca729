/**
 * The search list's row expansion (search-list.ts): what a row's expanded area needs besides its store lookup and
 * row-detail.ts (the rich parts, the coverage row, the landing strings), building the area, and the follow-up lookup
 * of a distribution's access services. A small lazy chunk: the list loads it when the reader points at or focuses a
 * row's expand button, at the latest when a row is first opened — then together with the row's lookup and
 * row-detail.ts (search-list.ts #toggle), none waiting for another.
 */
import { loadLandingMessages, type Lang } from '../../src/i18n/index.ts';
import type { ResolvedParams } from '../../src/config/resolve.ts';
import type { ResultRow } from '../../src/search/types.ts';
import type { CatalogStore, StoreEntry } from '../../src/store/types.ts';
import { adoptBlockStyles, type CatalogBlock } from '../base/catalog-block.ts';
import { anyRich, loadCoverage, loadRich, richFlags } from '../rich-content/hook.ts';
import type { RowDetailModule } from './result-row.ts';
import type { RowDetail } from './row-detail.ts';

/** What the list keeps of a row it opened (search-list.ts). */
export interface RowEntry {
  open: boolean;
  detail: RowDetail | 'loading' | 'failed' | undefined;
  /** Access services of the row's distributions were looked up (on the first distribution expansion). */
  followedUp: boolean;
  distExpanded: Set<number>;
  distBuilt: Set<number>;
}

/**
 * Loads what the row's area needs besides its lookup and row-detail.ts (with the rich parts the list's parameters ask
 * for, issue 9), then gives the function that builds the area from those two.
 */
export async function prepareRow(list: CatalogBlock, store: CatalogStore, row: ResultRow, lang: Lang, params: ResolvedParams):
  Promise<(m: RowDetailModule, related: Map<string, StoreEntry>) => Promise<RowDetail>> {
  const flags = richFlags(params);
  // The rich parts are built when a parameter asks for one; a geometry alone needs only its coverage row.
  const dataset = row.kind !== 'service';
  const wantRich = dataset && anyRich(flags);
  const [module, coverage] = await Promise.all([wantRich ? loadRich(lang, flags) : undefined,
    dataset && !wantRich ? loadCoverage(row.entry, lang) : undefined, loadLandingMessages(lang)]);
  return (m, related) => {
    adoptBlockStyles(list, m.ROW_DETAIL_STYLES);
    return m.loadRowDetail(store, row, related,
      { lang, registry: params.registry === true, ...(module ? { rich: { module, flags } } : {}), ...(coverage ? { coverage } : {}) });
  };
}

/** First distribution expansion of a row: one batched lookup of access services not resolved yet. */
export function followUp(list: CatalogBlock, m: RowDetailModule, row: ResultRow, r: RowEntry): void {
  const detail = r.detail;
  if (r.followedUp || typeof detail !== 'object') return;
  r.followedUp = true;
  m.withRowFollowUps(list.store, row, detail)
    .then((next) => {
      if (next && r.detail === detail) {
        r.detail = next;
        list.requestUpdate();
      }
    })
    .catch((e: unknown) => console.warn('[catalog-blocks] access services could not be looked up', e));
}
