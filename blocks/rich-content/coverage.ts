/**
 * The "Spatial coverage" row of a dataset (behaviour doc §2.1): named places as before; each geometry
 * (`dcat:bbox`, `locn:geometry`: WKT, GML, GeoJSON) as a small map with its coordinates when maps are on
 * (`includeAutoVisualizations`), else as the coordinates alone — never the bare word "Geometry". A small lazy chunk
 * of its own: a dataset with a geometry loads it even with every parameter off, without the rest of the rich content.
 */
import { html } from 'lit';
import type { DatasetModel, Value } from '../../src/dcat/model.ts';
import { resourceTerm } from '../../src/dcat/entry.ts';
import { describeCoverage, spatialCoverages } from '../../src/dcat/spatial.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import { renderValue } from '../base/render-fields.ts';
import { loadMapMessages } from '../wms-map/strings.ts';
import type { RichSlots } from './parts.ts';

/** The words of a coverage text ("West 11.1, South 55.3, …"). Never rejects. */
export const prepareCoverage = (lang: Lang): Promise<void> => loadMapMessages(lang);

/** Starts loading an element's chunk (it upgrades when it arrives); a failure leaves the element empty and is logged. */
export const defineLater = (load: Promise<unknown>, what: string): void => {
  load.catch((e: unknown) => console.warn(`[catalog-blocks] ${what} could not be loaded`, e));
};

/** The map elements (<catalog-wms-map>, <catalog-spatial-map>), OpenLayers with them. */
export const loadMaps = (): void => defineLater(import('../wms-map/wms-map.ts'), 'the map');

function words(lang: Lang) {
  const w = (k: string) => msg(lang, `map.${k}`);
  return { west: w('west'), south: w('south'), east: w('east'), north: w('north'), longitude: w('longitude'), latitude: w('latitude') };
}

/** The rich parts of a dataset when no parameter asks for any: its spatial row alone (a geometry shown). */
export function coverageSlots(entry: StoreEntry, model: DatasetModel, lang: Lang): RichSlots | undefined {
  const spatial = coverageRow(entry, model, lang, false);
  return spatial && { spatial };
}

/** The values of the spatial row, or undefined when the dataset has no readable geometry. */
export function coverageRow(entry: StoreEntry, model: DatasetModel, lang: Lang, maps: boolean): RichSlots['spatial'] {
  const coverages = spatialCoverages(entry.metadata, resourceTerm(entry));
  if (coverages.length === 0) return undefined;
  const placeholder = msg(lang, 'value.geometry');
  const places = (model.fields.find((f) => f.key === 'spatial')?.values ?? [])
    .filter((v: Value) => !(v.kind === 'text' && v.text.value === placeholder));
  if (maps) loadMaps();
  return (ctx) => [
    ...places.map((v) => renderValue(v, ctx)),
    ...coverages.map((c) => maps
      ? html`<catalog-spatial-map class="esbCoverageMap" .coverage=${c} lang=${ctx.lang} label=${msg(ctx.lang, 'map.coverage')}></catalog-spatial-map>`
      : html`<span class="esbCoverageText">${describeCoverage(c, words(ctx.lang), ctx.lang)}</span>`),
  ];
}
