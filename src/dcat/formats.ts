/**
 * Format badges. A distribution's `dcterms:format` / `dcat:mediaType` is a MIME literal ("text/csv; charset=utf-8"),
 * an IANA media-type URI, an EU file-type URI or free text ("CSV", ".csv", "Esri Shapefile"); every form becomes one
 * short label. The tests a landing page needs (CSV, WMS) are in format-tests.ts, so a search page does not load them.
 */
import type { FormatBadge } from './model.ts';

export const EU_FILE_TYPE = /^https?:\/\/publications\.europa\.eu\/resource\/authority\/file-type\/([^/?#]+)\/?$/i;
export const IANA = /^https?:\/\/(?:www\.)?iana\.org\/assignments\/media-types\/([^?#]+?)\/?$/i;

/**
 * MIME type (lower case, no parameters) → badge, where the subtype does not already give it (`text/csv`,
 * `application/x-gzip` and `image/png` are left to mimeFallback).
 */
// Both tables without a prototype: a hostile format "constructor" or "toString" is no key of theirs.
const BY_MIME: Readonly<Record<string, string>> = {
  __proto__: null as unknown as string,
  'text/comma-separated-values': 'CSV',
  'text/tab-separated-values': 'TSV',
  'application/ld+json': 'JSON-LD',
  'application/geo+json': 'GeoJSON',
  'application/vnd.geo+json': 'GeoJSON',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.ms-excel': 'XLS',
  'application/vnd.oasis.opendocument.spreadsheet': 'ODS',
  'application/xhtml+xml': 'HTML',
  'application/rdf+xml': 'RDF',
  'text/turtle': 'TTL',
  'application/n-triples': 'N-Triples',
  'application/sparql-query': 'SPARQL',
  'application/sparql-results+json': 'SPARQL',
  'application/x-zip-compressed': 'ZIP',
  'application/zip+xml': 'ZIP',
  'application/vnd.google-earth.kml+xml': 'KML',
  'application/vnd.google-earth.kmz': 'KMZ',
  'application/x-shapefile': 'SHP',
  'application/x-esri-shape': 'SHP',
  'application/geopackage+sqlite3': 'GPKG',
  'application/vnd.ogc.wms_xml': 'WMS',
  'application/vnd.ogc.wfs_xml': 'WFS',
  'application/vnd.ogc.wmts_xml': 'WMTS',
  'application/vnd.ogc.wcs_xml': 'WCS',
  'application/gml+xml': 'GML',
  'text/plain': 'TXT',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.oasis.opendocument.text': 'ODT',
  'image/svg+xml': 'SVG',
  'application/atom+xml': 'ATOM',
  'application/rss+xml': 'RSS',
  'application/x-netcdf': 'NetCDF',
  'application/netcdf': 'NetCDF',
  'application/vnd.oai.openapi+json': 'OpenAPI',
};

/** Free-text names (lower case, leading dot removed) → badge. */
const BY_NAME: Record<string, string> = {
  __proto__: null as unknown as string,
  geojson: 'GeoJSON', 'json-ld': 'JSON-LD', jsonld: 'JSON-LD', excel: 'XLS', htm: 'HTML', 'rdf/xml': 'RDF', 'rdf xml': 'RDF',
  rdf_xml: 'RDF', turtle: 'TTL', rdf_turtle: 'TTL', nt: 'N-Triples', 'n-triples': 'N-Triples', rdf_n_triples: 'N-Triples',
  gz: 'GZIP', shape: 'SHP', shapefile: 'SHP', 'esri shapefile': 'SHP', geopackage: 'GPKG', wms_srvc: 'WMS', wfs_srvc: 'WFS',
  wmts_srvc: 'WMTS', wcs_srvc: 'WCS', text: 'TXT', jpg: 'JPEG', tif: 'TIFF', rest: 'API', sparqlq: 'SPARQL', netcdf: 'NetCDF',
  openapi: 'OpenAPI',
};
// The names whose badge is the name in upper case.
for (const name of 'csv tsv json xlsx xls ods xml html pdf rdf ttl zip gzip kml kmz shp gpkg wms wfs wmts wcs gml txt doc docx odt png jpeg tiff gif svg atom rss api sparql yaml'.split(' ')) {
  BY_NAME[name] = name.toUpperCase();
}

const MAX_LABEL = 12;

/** Short badge label for one raw format value; `raw` is kept for the badge's `title` and its md5 class. */
export function formatBadge(raw: string): FormatBadge {
  return { label: formatLabel(raw), raw };
}

function formatLabel(raw: string): string {
  const value = raw.trim();
  if (!value) return '–';
  const eu = EU_FILE_TYPE.exec(value);
  if (eu) {
    // the authority code is the URI's last segment (fileTypeCode gives the same for a bundled one)
    const code = decodeSafe(eu[1]!).toUpperCase();
    return BY_NAME[code.toLowerCase()] ?? shorten(code.replace(/_/g, ' '));
  }
  const iana = IANA.exec(value);
  const mime = (iana ? decodeSafe(iana[1]!) : value).split(';')[0]!.trim().toLowerCase();
  if (BY_MIME[mime]) return BY_MIME[mime];
  const name = value.replace(/^\./, '').toLowerCase();
  if (BY_NAME[name]) return BY_NAME[name];
  if (/^[a-z]+\/[\w.+-]+$/.test(mime)) return mimeFallback(mime);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return uriFallback(value);
  // Free text: one word reads as a code ("parquet" → PARQUET), a phrase stays as written.
  return shorten(/\s/.test(value) ? value : value.toUpperCase());
}

// application/x-foo → FOO; application/vnd.acme.thing+json → JSON (the structure is what a reader recognises).
function mimeFallback(mime: string): string {
  const subtype = mime.slice(mime.indexOf('/') + 1);
  const suffix = subtype.includes('+') ? subtype.slice(subtype.lastIndexOf('+') + 1) : '';
  if (suffix && BY_NAME[suffix]) return BY_NAME[suffix];
  return shorten(subtype.replace(/^(x-|vnd\.)/, '').toUpperCase());
}

function uriFallback(uri: string): string {
  const path = uri.replace(/[?#].*$/, '').replace(/\/+$/, '');
  const last = decodeSafe(path.slice(path.lastIndexOf('/') + 1));
  return BY_NAME[last.toLowerCase()] ?? shorten(last.toUpperCase() || '–');
}

function shorten(label: string): string {
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}

export function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
