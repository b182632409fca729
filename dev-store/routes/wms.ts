/**
 * `GET /wms`: the dev store's own offline WMS (1.1.1 and 1.3.0), so maps work with no internet.
 * GetCapabilities · GetMap (PNG, transparent background, EPSG:4326 or EPSG:3857, BBOX/WIDTH/HEIGHT honoured) ·
 * GetLegendGraphic (PNG swatch per layer). Parameter names are case-insensitive as in OGC services; bad requests get
 * a ServiceExceptionReport (status 400). CORS is the store's (server.ts applies it to every route).
 */
import type { StoreApp } from '../app.ts';
import type { RouteContext } from '../http/router.ts';
import { capabilitiesXml, serviceExceptionXml } from '../wms/capabilities.ts';
import { LAYERS } from '../wms/layers.ts';
import { renderLegend, renderMap, type Crs } from '../wms/render.ts';

const MAX_SIZE = 2048;

class WmsError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

/** OGC parameter names are case-insensitive: lower-cased keys, values decoded. */
function wmsParams(rawUrl: string): Map<string, string> {
  const out = new Map<string, string>();
  const q = rawUrl.indexOf('?');
  if (q < 0) return out;
  for (const [k, v] of new URLSearchParams(rawUrl.slice(q + 1))) out.set(k.toLowerCase(), v);
  return out;
}

function versionOf(p: Map<string, string>): '1.1.1' | '1.3.0' {
  const v = p.get('version') ?? p.get('wmtver') ?? '1.3.0';
  return v.startsWith('1.1') ? '1.1.1' : '1.3.0';
}

function size(p: Map<string, string>, key: string): number {
  const v = p.get(key);
  if (v === undefined) throw new WmsError('MissingParameterValue', `${key.toUpperCase()} is required.`);
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > MAX_SIZE) throw new WmsError('InvalidParameterValue', `${key.toUpperCase()} must be an integer from 1 to ${MAX_SIZE}.`);
  return n;
}

function getMap(p: Map<string, string>, version: '1.1.1' | '1.3.0'): Buffer {
  const names = (p.get('layers') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 0) throw new WmsError('MissingParameterValue', 'LAYERS is required.');
  const layers = names.map((n) => {
    const l = LAYERS.find((x) => x.name === n);
    if (!l) throw new WmsError('LayerNotDefined', `No layer named ${n}.`);
    return l;
  });
  const format = p.get('format') ?? 'image/png';
  if (format.split(';')[0]!.trim().toLowerCase() !== 'image/png') throw new WmsError('InvalidFormat', `Format ${format} is not offered; use image/png.`);
  const crsParam = (version === '1.3.0' ? p.get('crs') : p.get('srs')) ?? p.get('crs') ?? p.get('srs');
  if (!crsParam) throw new WmsError('MissingParameterValue', `${version === '1.3.0' ? 'CRS' : 'SRS'} is required.`);
  const crsName = crsParam.toUpperCase();
  const crs: Crs | undefined = crsName === 'EPSG:4326' || crsName === 'CRS:84' ? 'EPSG:4326'
    : crsName === 'EPSG:3857' || crsName === 'EPSG:900913' ? 'EPSG:3857' : undefined;
  if (!crs) throw new WmsError(version === '1.3.0' ? 'InvalidCRS' : 'InvalidSRS', `CRS ${crsParam} is not offered; use EPSG:4326 or EPSG:3857.`);
  const nums = (p.get('bbox') ?? '').split(',').map((s) => Number(s.trim()));
  if (nums.length !== 4 || nums.some((n) => !Number.isFinite(n))) throw new WmsError('InvalidParameterValue', 'BBOX must be four numbers.');
  // WMS 1.3.0 with EPSG:4326 orders the axes latitude, longitude.
  const latFirst = version === '1.3.0' && crsName === 'EPSG:4326';
  const bbox: [number, number, number, number] = latFirst ? [nums[1]!, nums[0]!, nums[3]!, nums[2]!] : [nums[0]!, nums[1]!, nums[2]!, nums[3]!];
  if (bbox[0] >= bbox[2] || bbox[1] >= bbox[3]) throw new WmsError('InvalidParameterValue', 'BBOX minimum must be below its maximum.');
  return renderMap({ bbox, width: size(p, 'width'), height: size(p, 'height'), crs, layers });
}

export function addWmsRoutes(app: StoreApp): void {
  const handler = (ctx: RouteContext): void => {
    const p = wmsParams(ctx.req.url ?? '/');
    const version = versionOf(p);
    const service = new URL('/wms', app.baseUrl).href;
    const send = (status: number, type: string, body: string | Buffer): void => {
      ctx.res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'public, max-age=300' });
      ctx.res.end(ctx.method === 'HEAD' ? undefined : body);
    };
    try {
      const svc = p.get('service');
      const request = (p.get('request') ?? '').toLowerCase();
      if (svc !== undefined && svc.toUpperCase() !== 'WMS') throw new WmsError('InvalidParameterValue', 'SERVICE must be WMS.');
      if (request === 'getcapabilities') {
        send(200, version === '1.3.0' ? 'text/xml; charset=utf-8' : 'application/vnd.ogc.wms_xml; charset=utf-8', capabilitiesXml(service, version));
      } else if (request === 'getmap') {
        send(200, 'image/png', getMap(p, version));
      } else if (request === 'getlegendgraphic') {
        const name = p.get('layer') ?? '';
        const layer = LAYERS.find((l) => l.name === name);
        if (!layer) throw new WmsError('LayerNotDefined', `No layer named ${name}.`);
        send(200, 'image/png', renderLegend(layer));
      } else {
        throw new WmsError(request ? 'OperationNotSupported' : 'MissingParameterValue', request ? `Request ${request} is not offered.` : 'REQUEST is required.');
      }
    } catch (e) {
      if (!(e instanceof WmsError)) throw e;
      send(400, version === '1.3.0' ? 'text/xml; charset=utf-8' : 'application/vnd.ogc.se_xml; charset=utf-8', serviceExceptionXml(version, e.code, e.message));
    }
  };
  app.router.add(['GET'], /^\/wms\/?$/, handler);
}
