/**
 * A catalog published through a SPARQL endpoint (CKAN's DCAT extension, Virtuoso, Oxigraph, GraphDB …), read as the
 * file store reads a file: one CONSTRUCT query brings the catalog's DCAT graph — the catalogs, datasets, series,
 * distributions, data services, agents and contact points, each with its own triples and what its objects say of
 * themselves (a place's name, a licence document's title; blank nodes four levels deep, as GeoDCAT-AP's provenance), as the store keeps an entry's
 * metadata — which is then parsed, indexed and searched like a DCAT file. For endpoints of up to a few thousand
 * datasets (the file store's limits); a national endpoint (data.europa.eu) is far larger: harvest it into EntryStore.
 */
import type { RdfFormat } from '../../catalog-engine/parse/common.ts';

export const CATALOG_QUERY = `PREFIX dcat: <http://www.w3.org/ns/dcat#>
PREFIX foaf: <http://xmlns.com/foaf/0.1/>
PREFIX vcard: <http://www.w3.org/2006/vcard/ns#>
CONSTRUCT { ?s ?p ?o . ?o ?p2 ?o2 . ?o2 ?p3 ?o3 . ?o3 ?p4 ?o4 . ?o4 ?p5 ?o5 }
WHERE {
  { VALUES ?type { dcat:Catalog dcat:Dataset dcat:DatasetSeries dcat:Distribution dcat:DataService
                   foaf:Agent foaf:Organization foaf:Person vcard:Kind vcard:Organization vcard:Individual }
    ?s a ?type }
  UNION { ?x dcat:distribution ?s } UNION { ?x dcat:contactPoint ?s }
  ?s ?p ?o .
  OPTIONAL { ?o ?p2 ?o2 . FILTER(!isLiteral(?o))
    OPTIONAL { ?o2 ?p3 ?o3 . FILTER(isBlank(?o2))
      OPTIONAL { ?o3 ?p4 ?o4 . FILTER(isBlank(?o3))
        OPTIONAL { ?o4 ?p5 ?o5 . FILTER(isBlank(?o4)) } } } }
}`;

/** The GET of the catalog query (SPARQL 1.1 Protocol: `query=` in the URL; a simple CORS request). */
export function catalogQueryUrl(endpoint: string): string {
  const url = new URL(endpoint);
  url.searchParams.set('query', CATALOG_QUERY);
  return url.href;
}

/** RDF formats an endpoint answers a CONSTRUCT in, best first. */
export const CONSTRUCT_ACCEPT = 'application/n-triples, text/turtle;q=0.9, application/rdf+xml;q=0.8, application/ld+json;q=0.5';

export type SparqlFormat = RdfFormat;
