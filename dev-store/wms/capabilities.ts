/** GetCapabilities documents (WMS 1.1.1 and 1.3.0) of the dev store WMS, and its ServiceException reports. */
import { LAYERS, layerBox, type VectorLayer } from './layers.ts';

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const R = 6378137;
const merc = (lon: number, lat: number): [number, number] => [
  (lon * Math.PI * R) / 180,
  R * Math.log(Math.tan(Math.PI / 4 + (Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 360)),
];
const r6 = (n: number): string => String(Math.round(n * 1e6) / 1e6);

function legendUrl(service: string, layer: VectorLayer, version: string): string {
  return `${service}?service=WMS&request=GetLegendGraphic&version=${version}&format=image/png&layer=${encodeURIComponent(layer.name)}`;
}

function layerXml(service: string, layer: VectorLayer, version: '1.1.1' | '1.3.0'): string {
  const [w, s, e, n] = layerBox(layer);
  const [mw, ms] = merc(w, s);
  const [me, mn] = merc(e, n);
  const is130 = version === '1.3.0';
  const geo = is130
    ? `<EX_GeographicBoundingBox><westBoundLongitude>${w}</westBoundLongitude><eastBoundLongitude>${e}</eastBoundLongitude>` +
      `<southBoundLatitude>${s}</southBoundLatitude><northBoundLatitude>${n}</northBoundLatitude></EX_GeographicBoundingBox>` +
      // 1.3.0 EPSG:4326 is latitude first
      `<BoundingBox CRS="EPSG:4326" minx="${s}" miny="${w}" maxx="${n}" maxy="${e}"/>` +
      `<BoundingBox CRS="EPSG:3857" minx="${r6(mw)}" miny="${r6(ms)}" maxx="${r6(me)}" maxy="${r6(mn)}"/>`
    : `<LatLonBoundingBox minx="${w}" miny="${s}" maxx="${e}" maxy="${n}"/>` +
      `<BoundingBox SRS="EPSG:4326" minx="${w}" miny="${s}" maxx="${e}" maxy="${n}"/>` +
      `<BoundingBox SRS="EPSG:3857" minx="${r6(mw)}" miny="${r6(ms)}" maxx="${r6(me)}" maxy="${r6(mn)}"/>`;
  const legend = esc(legendUrl(service, layer, version));
  return `<Layer queryable="0" opaque="0"><Name>${esc(layer.name)}</Name><Title>${esc(layer.title)}</Title>` +
    `<Abstract>${esc(layer.abstract)}</Abstract>${geo}` +
    `<Style><Name>default</Name><Title>Default</Title><LegendURL width="20" height="20"><Format>image/png</Format>` +
    `<OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href="${legend}"/></LegendURL></Style></Layer>`;
}

/** `service` is the absolute URL of the WMS endpoint (without query). */
export function capabilitiesXml(service: string, version: '1.1.1' | '1.3.0'): string {
  const is130 = version === '1.3.0';
  const online = (extra = ''): string =>
    `<DCPType><HTTP><Get><OnlineResource xlink:type="simple" xlink:href="${esc(service)}?${extra}"/></Get></HTTP></DCPType>`;
  const crs = is130 ? '<CRS>EPSG:4326</CRS><CRS>EPSG:3857</CRS><CRS>CRS:84</CRS>' : '<SRS>EPSG:4326</SRS><SRS>EPSG:3857</SRS>';
  const boxes = LAYERS.map(layerBox);
  const all = [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))];
  const rootBox = is130
    ? `<EX_GeographicBoundingBox><westBoundLongitude>${all[0]}</westBoundLongitude><eastBoundLongitude>${all[2]}</eastBoundLongitude><southBoundLatitude>${all[1]}</southBoundLatitude><northBoundLatitude>${all[3]}</northBoundLatitude></EX_GeographicBoundingBox>`
    : `<LatLonBoundingBox minx="${all[0]}" miny="${all[1]}" maxx="${all[2]}" maxy="${all[3]}"/>`;
  // The first listed layer draws on top in clients: lakes above the land.
  const layers = LAYERS.map((l) => layerXml(service, l, version)).join('');
  const service_ = `<Service><Name>${is130 ? 'WMS' : 'OGC:WMS'}</Name><Title>Dev store WMS</Title>` +
    `<Abstract>An offline WMS of the catalog-blocks dev store: coarse hand-written outlines (CC0).</Abstract>` +
    `<OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href="${esc(service)}"/>` +
    (is130 ? '<MaxWidth>2048</MaxWidth><MaxHeight>2048</MaxHeight>' : '') + `</Service>`;
  const request = `<Request>` +
    `<GetCapabilities><Format>${is130 ? 'text/xml' : 'application/vnd.ogc.wms_xml'}</Format>${online()}</GetCapabilities>` +
    `<GetMap><Format>image/png</Format>${online()}</GetMap>` +
    `<${is130 ? 'sld:' : ''}GetLegendGraphic><Format>image/png</Format>${online()}</${is130 ? 'sld:' : ''}GetLegendGraphic>` +
    `</Request><Exception><Format>${is130 ? 'XML' : 'application/vnd.ogc.se_xml'}</Format></Exception>`;
  const body = `${service_}<Capability>${request}<Layer><Title>Dev store WMS</Title>${crs}${rootBox}${layers}</Layer></Capability>`;
  return is130
    ? `<?xml version="1.0" encoding="UTF-8"?>\n<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" ` +
      `xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:sld="http://www.opengis.net/sld" ` +
      `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
      `xsi:schemaLocation="http://www.opengis.net/wms http://schemas.opengis.net/wms/1.3.0/capabilities_1_3_0.xsd">${body}</WMS_Capabilities>\n`
    : `<?xml version="1.0" encoding="UTF-8"?>\n<WMT_MS_Capabilities version="1.1.1" xmlns:xlink="http://www.w3.org/1999/xlink">${body}</WMT_MS_Capabilities>\n`;
}

export function serviceExceptionXml(version: string, code: string, message: string): string {
  return version === '1.3.0'
    ? `<?xml version="1.0" encoding="UTF-8"?>\n<ServiceExceptionReport version="1.3.0" xmlns="http://www.opengis.net/ogc">` +
      `<ServiceException code="${esc(code)}">${esc(message)}</ServiceException></ServiceExceptionReport>\n`
    : `<?xml version="1.0" encoding="UTF-8"?>\n<ServiceExceptionReport version="1.1.1">` +
      `<ServiceException code="${esc(code)}">${esc(message)}</ServiceException></ServiceExceptionReport>\n`;
}
