/**
 * What a landing page or a list needs to know about the rich dataset content of issue 9 (indicators, tabbed
 * visualizations, auto WMS maps, spatial coverage maps, showcases and ideas, visualizations, data previews) BEFORE
 * it is loaded: which parameters ask for it, and how to load it. The content itself is the lazy `slots.ts`
 * chunk (and the chart, map and preview chunks it loads in turn), imported only when a parameter asks for a part,
 * while the entry is fetched — so it costs a page nothing while every parameter is off and no extra round trip
 * when one is on. Kept tiny: it is part of every landing page.
 */
import type { ResolvedParams } from '../../src/config/resolve.ts';
import type { Lang } from '../../src/i18n/index.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import type { RichFlags } from './parts.ts';
import { resourceTerm } from '../../src/dcat/entry.ts';
import { NS } from '../../src/rdf/namespaces.ts';

/** The parts, each asked for by its boolean parameter `include{Part}` (`extras` by `includeExtras`, …). */
const PARTS: readonly Exclude<keyof RichFlags, 'legend'>[] = ['extras', 'visualizations', 'tabbedVisualizations', 'autoVisualizations', 'dataPreview', 'indicators'];

export function richFlags(p: ResolvedParams): RichFlags {
  const flags: Record<string, boolean | undefined> = { legend: typeof p.legend === 'boolean' ? p.legend : undefined };
  for (const part of PARTS) flags[part] = p[`include${part[0]!.toUpperCase()}${part.slice(1)}`] === true;
  return flags as unknown as RichFlags;
}

/** Some part of the rich content is asked for (`legend` alone draws nothing). */
export const anyRich = (f: RichFlags): boolean => PARTS.some((part) => f[part]);

export type RichModule = typeof import('./slots.ts');

/**
 * A lazy chunk loaded once, then `prepare`d (its strings) for each caller. Never rejects: when the chunk cannot load
 * (network, CSP) the page shows everything else, says `what` failed in the console, and the next call tries again.
 */
function lazyChunk<M>(load: () => Promise<M>, what: string): (prepare: (m: M) => Promise<void>) => Promise<M | undefined> {
  let chunk: Promise<M | undefined> | undefined;
  return (prepare) => {
    chunk ??= load().catch((e: unknown) => {
      chunk = undefined;
      console.warn(`[catalog-blocks] ${what} could not be loaded`, e);
      return undefined;
    });
    return chunk.then(async (m) => {
      if (m) await prepare(m);
      return m;
    });
  };
}

const richChunk = lazyChunk(() => import('./slots.ts'), 'the rich dataset content');
/** The rich content chunk with the strings of the parts `flags` ask for in `lang`. Never rejects. */
export const loadRich = (lang: Lang, flags: RichFlags): Promise<RichModule | undefined> =>
  richChunk((m) => m.prepare(lang, flags));

export type CoverageModule = typeof import('./coverage.ts');
const coverageChunk = lazyChunk(() => import('./coverage.ts'), 'the spatial coverage');
/**
 * Only the spatial-coverage row (coverage.ts): what a dataset with a geometry (`hasGeometry`) needs while every
 * parameter is off; undefined for an entry without one. Never rejects (without it the row keeps its plain value).
 */
export const loadCoverage = (entry: StoreEntry, lang: Lang): Promise<CoverageModule | undefined> | undefined =>
  (hasGeometry(entry) ? coverageChunk((m) => m.prepareCoverage(lang)) : undefined);

/**
 * `dcterms:spatial` with a geometry (`dcat:bbox`, `locn:geometry`, a geometry literal): its coordinates are shown
 * (coverage.ts; a map when maps are on) even when every parameter is off — instead of a bare word "Geometry".
 */
export function hasGeometry(entry: StoreEntry): boolean {
  const g = entry.metadata;
  return g.objects(resourceTerm(entry), `${NS.dcterms}spatial`).some((place) =>
    place.termType === 'Literal' ? /^\s*([A-Z]+\s*\(|\{|<)/i.test(place.value) : g.objects(place, `${NS.dcat}bbox`).length + g.objects(place, `${NS.locn}geometry`).length > 0);
}
