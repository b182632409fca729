/** Namespace IRIs used across the engine. Every prefixed name in the docs expands with this table. */
export const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dcterms: 'http://purl.org/dc/terms/',
  dc: 'http://purl.org/dc/elements/1.1/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  adms: 'http://www.w3.org/ns/adms#',
  owl: 'http://www.w3.org/2002/07/owl#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  schema: 'http://schema.org/',
  dcatap: 'http://data.europa.eu/r5r/',
  spdx: 'http://spdx.org/rdf/terms#',
  odrs: 'http://schema.theodi.org/odrs#',
  prov: 'http://www.w3.org/ns/prov#',
  locn: 'http://www.w3.org/ns/locn#',
  esterms: 'http://entryscape.com/terms/',
  es: 'http://entrystore.org/terms/',
  euauth: 'http://publications.europa.eu/resource/authority/',
} as const;

export type Prefix = keyof typeof NS;

/** Expands `dcat:theme` to its full IRI; full IRIs pass through unchanged. */
export function expand(name: string): string {
  const i = name.indexOf(':');
  if (i > 0) {
    const prefix = name.slice(0, i) as Prefix;
    if (prefix in NS) return NS[prefix] + name.slice(i + 1);
  }
  return name;
}
