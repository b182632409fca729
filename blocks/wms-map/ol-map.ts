/**
 * The OpenLayers part of the map blocks (the only module that imports `ol`): a WMS map with one image layer per
 * named layer, a coverage map drawing a polygon, box or point, and a points map; each on the configured base layer
 * (XYZ tiles or a WMS, src/wms/base-layer.ts) when there is one. Under forced colours the drawn features take the
 * system colours (CanvasText on Canvas): a canvas is not recoloured by the browser. Controls: zoom buttons only
 * (real <button>s, labelled in the UI language); interactions: the defaults without rotation, with keyboard pan
 * (arrow keys) and zoom (+/−) on the focused viewport, and wheel zoom / drag pan only once the map has focus, so
 * the page scrolls past it. OpenLayers sets its layout through element.style (CSSOM), which a strict CSP allows.
 */
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import Feature from 'ol/Feature.js';
import ImageLayer from 'ol/layer/Image.js';
import VectorLayer from 'ol/layer/Vector.js';
import ImageWMS from 'ol/source/ImageWMS.js';
import type BaseLayer from 'ol/layer/Base.js';
import VectorSource from 'ol/source/Vector.js';
import Polygon from 'ol/geom/Polygon.js';
import MultiPolygon from 'ol/geom/MultiPolygon.js';
import Point from 'ol/geom/Point.js';
import Zoom from 'ol/control/Zoom.js';
import { defaults as defaultInteractions } from 'ol/interaction/defaults.js';
import { fromLonLat, transformExtent } from 'ol/proj.js';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style.js';
import type { Extent } from 'ol/extent.js';
import { unByKey } from 'ol/Observable.js';
import { textHeights } from 'ol/render/canvas.js';
import { drawOrder, type GeoBox, type WmsCapabilities } from '../../src/wms/capabilities.ts';
import type { SpatialCoverage } from '../../src/dcat/spatial.ts';
import type { MapPoint } from '../../src/rich/chart-data.ts';
import type { BaseLayer as BaseLayerSetting } from '../../src/wms/base-layer.ts';

export interface MapLabels {
  readonly zoomIn: string;
  readonly zoomOut: string;
  /** The base layer under the map, if any. */
  readonly base?: BaseLayerSetting;
  /** The tile layer chunk (./ol-tiles.ts), loaded with the map when the base layer is XYZ tiles. */
  readonly tiles?: typeof import('./ol-tiles.ts');
}

/** The colours the features are drawn in: the blocks' accent, or the system colours under forced colours. */
interface Ink {
  readonly line: string;
  readonly area: string;
  readonly dot: string;
  readonly halo: string;
  readonly text: string;
}

/** A CSS colour as the browser resolves it (a system colour such as CanvasText to its rgb() under forced colours). */
function resolved(doc: Document, colour: string): string {
  const probe = doc.createElement('span');
  probe.style.color = colour; // CSSOM, allowed under a strict CSP
  probe.hidden = true;
  doc.body.append(probe);
  const out = getComputedStyle(probe).color;
  probe.remove();
  return out;
}

function inkFor(doc: Document): Ink {
  const view = doc.defaultView;
  if (view?.matchMedia('(forced-colors: active)').matches) {
    const text = resolved(doc, 'CanvasText');
    const canvas = resolved(doc, 'Canvas');
    const area = text.replace(/^rgb\((.*)\)$/, 'rgba($1, 0.15)');
    return { line: text, area, dot: text, halo: canvas, text };
  }
  return { line: '#0b5cad', area: 'rgba(11, 92, 173, 0.25)', dot: '#0b5cad', halo: '#fff', text: '#1b1f24' };
}

/** The base layer as an OpenLayers layer, at the bottom (a failing tile or image leaves the plain background). */
function baseLayer(labels: MapLabels, projection: string): BaseLayer | undefined {
  const base = labels.base;
  if (!base) return undefined;
  if (base.kind === 'xyz') return labels.tiles?.xyzLayer(base.url);
  return new ImageLayer({
    source: new ImageWMS({ url: base.url, params: { STYLES: '', ...base.params }, ratio: 1, projection }),
    className: 'esbMapBase',
  });
}

export interface WmsMapHandle {
  /** Shows or hides the layer with this WMS name. */
  setVisible(name: string, visible: boolean): void;
  /** The names of the visible layers, in document order. */
  visibleLayers(): string[];
  /** The view's zoom level and centre (in the map projection), e.g. to tell that a key moved the map. */
  view(): { zoom: number | undefined; center: number[] | undefined };
  dispose(): void;
}

const WORLD: GeoBox = [-180, -85, 180, 85];

/** A zoom button label: the symbol for the eye, the words for everyone else (the button's accessible name). */
function buttonLabel(doc: Document, symbol: string, words: string): HTMLElement {
  const wrap = doc.createElement('span');
  const sym = doc.createElement('span');
  sym.setAttribute('aria-hidden', 'true');
  sym.textContent = symbol;
  const text = doc.createElement('span');
  text.className = 'esbVisuallyHidden';
  text.textContent = words;
  wrap.append(sym, text);
  return wrap;
}

function baseMap(target: HTMLElement, projection: string, labels: MapLabels, layers: BaseLayer[]): OlMap {
  const doc = target.ownerDocument;
  const base = baseLayer(labels, projection);
  return new OlMap({
    target,
    layers: base ? [base, ...layers] : layers,
    controls: [new Zoom({
      zoomInLabel: buttonLabel(doc, '+', labels.zoomIn),
      zoomOutLabel: buttonLabel(doc, '−', labels.zoomOut),
      zoomInTipLabel: labels.zoomIn,
      zoomOutTipLabel: labels.zoomOut,
    })],
    interactions: defaultInteractions({ altShiftDragRotate: false, pinchRotate: false, onFocusOnly: true }),
    view: new View({ projection, constrainResolution: false }),
  });
}

/**
 * Fits the view to a lon/lat box. A map created while hidden (a collapsed row, a closed tab) has no size yet: then
 * the fit waits for the first real size, so the map opens on its extent rather than on a zero-sized guess.
 */
function fit(map: OlMap, box: GeoBox, projection: string, minSpan = 0, padding: Padding = () => [8, 8, 8, 8]): void {
  let [w, s, e, n] = box;
  if (e - w < minSpan) [w, e] = [(w + e) / 2 - minSpan / 2, (w + e) / 2 + minSpan / 2];
  if (n - s < minSpan) [s, n] = [(s + n) / 2 - minSpan / 2, (s + n) / 2 + minSpan / 2];
  const extent: Extent = transformExtent([w, Math.max(s, -85), e, Math.min(n, 85)], 'EPSG:4326', projection);
  const sized = (): boolean => {
    const size = map.getSize();
    if (!size || size[0] === 0 || size[1] === 0) return false;
    map.getView().fit(extent, { size, padding: padding(size) });
    return true;
  };
  map.updateSize();
  if (sized()) return;
  const key = map.on('change:size', () => {
    if (sized()) unByKey(key);
  });
}

/** The space kept free around the fitted features, [top, right, bottom, left] px, for the map's size. */
type Padding = (size: number[]) => [number, number, number, number];

function imageFormat(formats: readonly string[]): string {
  return ['image/png', 'image/png8', 'image/gif', 'image/jpeg'].find((f) => formats.includes(f)) ?? 'image/png';
}

export interface LayerEvents {
  /** A GetMap image failed to load. */
  readonly error: () => void;
  /** A GetMap image arrived. */
  readonly drawn: () => void;
}

/** A map of the document's named layers, one GetMap image layer each. */
export function createWmsMap(target: HTMLElement, caps: WmsCapabilities, labels: MapLabels, events: LayerEvents): WmsMapHandle {
  const layers = wmsLayers(caps, events);
  const byName = new Map(layers.map((l) => [l.get('wmsName') as string, l]));
  const map = baseMap(target, caps.projection, labels, layers);
  fit(map, caps.extent ?? WORLD, caps.projection);
  return {
    setVisible: (name, visible) => byName.get(name)?.setVisible(visible),
    visibleLayers: () => caps.layers.filter((l) => byName.get(l.name)?.getVisible()).map((l) => l.name),
    view: () => ({ zoom: map.getView().getZoom(), center: map.getView().getCenter() }),
    dispose: () => map.setTarget(undefined),
  };
}

function wmsLayers(caps: WmsCapabilities, events?: LayerEvents): ImageLayer<ImageWMS>[] {
  const format = imageFormat(caps.formats);
  return drawOrder(caps.layers).map((l) => {
    const source = new ImageWMS({
      url: caps.getMapUrl,
      params: { LAYERS: l.name, STYLES: '', FORMAT: format, TRANSPARENT: 'TRUE', VERSION: caps.version },
      ratio: 1,
      projection: caps.projection,
    });
    if (events) {
      source.on('imageloaderror', events.error);
      source.on('imageloadend', events.drawn);
    }
    return new ImageLayer({ source, properties: { wmsName: l.name } });
  });
}

/**
 * A map drawing a coverage (polygon rings, box or point), fitted to it; `background` (optional) puts a WMS's layers
 * under it for context. A background that fails to draw leaves the coverage on the plain background.
 */
export function createCoverageMap(target: HTMLElement, coverage: SpatialCoverage, labels: MapLabels, background?: WmsCapabilities): { dispose(): void } {
  const projection = background?.projection ?? 'EPSG:3857';
  const rings = coverage.rings.map((r) => [r.map(([lon, lat]) => fromLonLat([lon, lat], projection))]);
  const geometry = coverage.kind === 'point'
    ? new Point(fromLonLat([coverage.bbox[0], coverage.bbox[1]], projection))
    : rings.length === 1 ? new Polygon(rings[0]!) : new MultiPolygon(rings);
  const ink = inkFor(target.ownerDocument);
  // A halo under the outline keeps it visible on any base layer (a light raster stays light under forced colours).
  const style = [
    new Style({ stroke: new Stroke({ color: ink.halo, width: 5 }) }),
    new Style({
      fill: new Fill({ color: ink.area }),
      stroke: new Stroke({ color: ink.line, width: 2 }),
      image: new Circle({ radius: 6, fill: new Fill({ color: ink.dot }), stroke: new Stroke({ color: ink.halo, width: 2 }) }),
    }),
  ];
  const layer = new VectorLayer({ source: new VectorSource({ features: [new Feature(geometry)] }), style, className: 'esbMapFeatures' });
  const map = baseMap(target, projection, labels, [...(background ? wmsLayers(background) : []), layer]);
  // A point or a tiny area still gets some surroundings (about a degree).
  fit(map, coverage.bbox, projection, 1);
  return { dispose: () => map.setTarget(undefined) };
}

/**
 * A map of CSV points (a `map` visualization): one dot per point, its title as a label beside it (labels that would
 * overlap are left out, the table alternative has them all), fitted to the points.
 */
export interface PointsMapHandle {
  dispose(): void;
  /** Where a point is drawn, in pixels of the viewport (to tell that its label is inside). */
  pixelOf(lon: number, lat: number): number[] | null;
  size(): number[] | undefined;
}

export function createPointsMap(target: HTMLElement, points: readonly MapPoint[], labels: MapLabels): PointsMapHandle {
  const projection = 'EPSG:3857';
  const ink = inkFor(target.ownerDocument);
  const dot = new Circle({ radius: 5, fill: new Fill({ color: ink.dot }), stroke: new Stroke({ color: ink.halo, width: 1.5 }) });
  measureLabelFont(target.ownerDocument, LABEL_FONT);
  const context = target.ownerDocument.createElement('canvas').getContext('2d');
  if (context) context.font = LABEL_FONT;
  let widest = 0;
  const features = points.map((p) => {
    const f = new Feature(new Point(fromLonLat([p.lon, p.lat], projection)));
    const label = p.title ? (p.title.length > 40 ? `${p.title.slice(0, 39)}…` : p.title) : undefined;
    if (label) widest = Math.max(widest, context?.measureText(label).width ?? label.length * 7);
    f.setStyle(new Style({
      image: dot,
      ...(label ? {
        text: new Text({
          text: label, offsetY: -LABEL_OFFSET, font: LABEL_FONT,
          fill: new Fill({ color: ink.text }), stroke: new Stroke({ color: ink.halo, width: 3 }),
        }),
      } : {}),
    }));
    return f;
  });
  const layer = new VectorLayer({ source: new VectorSource({ features }), declutter: true, className: 'esbMapFeatures' });
  const map = baseMap(target, projection, labels, [layer]);
  const lons = points.map((p) => p.lon);
  const lats = points.map((p) => p.lat);
  const box: GeoBox = points.length
    ? [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)]
    : WORLD;
  // The initial view leaves room for every label: above a point its text (centred on it), beside it half its width
  // (never more than a third of the map, so a narrow map still shows the points).
  const labelled = widest > 0;
  const padding: Padding = (size) => {
    const side = Math.min(Math.ceil(widest / 2) + 8, Math.floor(size[0]! / 3));
    return labelled ? [LABEL_OFFSET + 16, side, 12, side] : [12, 12, 12, 12];
  };
  fit(map, box, projection, 0.5, padding);
  return {
    dispose: () => map.setTarget(undefined),
    pixelOf: (lon, lat) => map.getPixelFromCoordinate(fromLonLat([lon, lat], projection)),
    size: () => map.getSize(),
  };
}

const LABEL_FONT = '12px sans-serif';

/**
 * OpenLayers measures a label font's line height by setting `innerHTML` on a probe, which Trusted Types refuse (the
 * label code then throws): the height is measured here with text and CSSOM, and put where OpenLayers looks first.
 * (A generic family such as sans-serif is never re-checked by OpenLayers, so the value stays.)
 */
function measureLabelFont(doc: Document, font: string): void {
  const heights = textHeights as Record<string, number | undefined>;
  if (heights[font] !== undefined) return;
  const probe = doc.createElement('div');
  probe.textContent = 'M';
  const s = probe.style;
  s.font = font;
  s.position = 'absolute';
  s.left = '-99999px';
  s.display = 'block';
  s.padding = '0';
  s.border = 'none';
  s.height = 'auto';
  s.minHeight = '0';
  s.maxHeight = 'none';
  doc.body.append(probe);
  heights[font] = probe.offsetHeight;
  probe.remove();
}
/** Label baseline distance above its point: the text is centred at offsetY. */
const LABEL_OFFSET = 12;
