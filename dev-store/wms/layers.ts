/**
 * The dev store WMS's vector data: two named layers of coarse polygons in longitude/latitude (EPSG:4326 axis order
 * lon, lat). Hand-written for this project from well-known public place coordinates (coast and border points every
 * ~100–200 km) — no dataset was copied; CC0 like the rest of the demo. Coarse on purpose: a map that shows
 * something real-looking offline, not a cartographic product.
 */
export type LonLat = readonly [number, number];
export type Ring = readonly LonLat[];

export interface VectorLayer {
  readonly name: string;
  readonly title: string;
  readonly abstract: string;
  /** Fill and outline colours, RGBA. */
  readonly fill: readonly [number, number, number, number];
  readonly stroke: readonly [number, number, number, number];
  readonly rings: readonly Ring[];
}

const SWEDEN_MAINLAND: Ring = [
  [13.36, 55.34], [14.2, 55.39], [14.35, 55.95], [15.6, 56.15], [16.4, 56.65], [16.6, 57.75], [16.9, 58.6],
  [18.9, 59.3], [18.8, 60.1], [17.2, 60.7], [17.2, 61.7], [17.5, 62.4], [18.3, 62.9], [20.3, 63.8], [21.2, 64.75],
  [22.2, 65.6], [24.15, 65.83], [23.6, 66.8], [23.9, 67.4], [20.55, 69.06], [18.2, 68.5], [17.0, 68.1],
  [16.1, 67.4], [15.1, 66.2], [14.5, 65.4], [14.3, 64.5], [12.2, 63.6], [12.1, 63.3], [12.3, 62.3], [12.1, 61.3],
  [12.85, 61.0], [12.4, 60.1], [11.8, 59.85], [11.4, 59.1], [11.2, 58.9], [11.4, 58.3], [11.9, 57.7],
  [12.2, 57.1], [12.8, 56.65], [12.5, 56.3], [12.7, 56.05], [13.0, 55.6], [12.8, 55.4], [13.36, 55.34],
];
const GOTLAND: Ring = [[18.1, 56.9], [18.8, 57.3], [19.2, 57.9], [18.7, 57.95], [18.1, 57.5], [18.1, 56.9]];
const OLAND: Ring = [[16.4, 56.2], [16.6, 56.2], [17.1, 57.35], [16.9, 57.35], [16.4, 56.2]];
const VANERN: Ring = [[12.4, 58.4], [13.3, 58.6], [14.0, 59.0], [13.6, 59.35], [12.8, 59.3], [12.4, 59.0], [12.4, 58.4]];
const VATTERN: Ring = [[14.1, 57.8], [14.4, 57.8], [14.8, 58.6], [14.5, 58.7], [14.1, 57.8]];

export const LAYERS: readonly VectorLayer[] = [
  {
    name: 'lakes',
    title: 'Large lakes',
    abstract: 'Vänern and Vättern, coarse outlines.',
    fill: [40, 110, 200, 220],
    stroke: [10, 50, 120, 255],
    rings: [VANERN, VATTERN],
  },
  {
    name: 'sweden',
    title: 'Sweden (coarse outline)',
    abstract: 'Mainland, Gotland and Öland as coarse polygons.',
    fill: [60, 150, 90, 200],
    stroke: [20, 80, 40, 255],
    rings: [SWEDEN_MAINLAND, GOTLAND, OLAND],
  },
];

export function layerBox(layer: VectorLayer): [number, number, number, number] {
  const pts = layer.rings.flat();
  return [
    Math.min(...pts.map((p) => p[0])), Math.min(...pts.map((p) => p[1])),
    Math.max(...pts.map((p) => p[0])), Math.max(...pts.map((p) => p[1])),
  ];
}
