/**
 * EntryStore JSON (entrystore-api.md §3.1 entry responses and §2.8 search children/responses) → StoreEntry and
 * SearchResult. Pure functions: easy to test against the worked example without any HTTP.
 */
import { Graph } from '../rdf/graph.ts';
import { NS } from '../rdf/namespaces.ts';
import { RdfParseError, describe, isRecord, readRdfJson } from '../rdf/rdfjson.ts';
import { BadPayloadError, NotFoundError } from './errors.ts';
import type { FacetField, SearchResult, StoreEntry } from './types.ts';

type Json = Record<string, unknown>;

function graphOf(json: Json, key: string, where: string): Graph | undefined {
  const value = json[key];
  if (value === undefined || value === null) return undefined;
  try {
    return readRdfJson(value);
  } catch (e) {
    if (e instanceof RdfParseError) throw new BadPayloadError(`Malformed RDF/JSON in "${key}" of ${where}: ${e.message}`, { cause: e });
    throw e;
  }
}

/**
 * The store's own URI for the entry: normally `{base}{ctx}/entry/{id}`, but a store reached through another host
 * name or scheme than it was configured with writes its configured one, and the graphs use that.
 */
function ownEntryUri(info: Graph, expected: string, contextId: string, entryId: string): string {
  if (info.has(expected, `${NS.es}resource`)) return expected;
  const suffix = `/${contextId}/entry/${entryId}`;
  for (const t of info.triples()) {
    if (t.predicate === `${NS.es}resource` && t.subject.termType === 'NamedNode' && t.subject.value.endsWith(suffix)) {
      return t.subject.value;
    }
  }
  return expected;
}

/**
 * Builds a StoreEntry. `contextId` comes from the request for entry responses (they carry none) and from the child
 * for search results. Missing metadata (not readable by the guest) → NotFoundError.
 */
export function entryFromJson(json: unknown, baseUrl: string, ids: { contextId?: string; entryId?: string } = {}): StoreEntry {
  if (!isRecord(json)) throw new BadPayloadError(`Expected an entry object from the store, got ${describe(json)}`);
  const entryId = typeof json.entryId === 'string' ? json.entryId : ids.entryId;
  const contextId = typeof json.contextId === 'string' ? json.contextId : ids.contextId;
  if (!entryId || !contextId) {
    throw new BadPayloadError(`Entry JSON without ${entryId ? 'contextId' : 'entryId'} (keys: ${Object.keys(json).join(', ') || 'none'})`);
  }
  const expected = `${baseUrl}${contextId}/entry/${entryId}`;
  if (json.noAccessToMetadata === true) throw new NotFoundError(`Entry ${expected} is not public`);

  const local = graphOf(json, 'metadata', expected);
  const external = graphOf(json, 'cached-external-metadata', expected);
  if (!local && !external) throw new NotFoundError(`Entry ${expected} has no readable metadata`);
  // LinkReference entries have both; a Reference only the cached copy of the external metadata.
  const metadata = local ?? external!;
  if (local && external) local.addAll(external);

  const info = graphOf(json, 'info', expected) ?? new Graph();
  const relations = graphOf(json, 'relations', expected) ?? new Graph();
  const entryUri = ownEntryUri(info, expected, contextId, entryId);
  const resourceUri = info.object(entryUri, `${NS.es}resource`)?.value ?? `${baseUrl}${contextId}/resource/${entryId}`;
  const modified = info.object(entryUri, `${NS.dcterms}modified`)?.value;
  return {
    contextId,
    entryId,
    entryUri,
    resourceUri,
    metadata,
    info,
    relations,
    ...(modified === undefined ? {} : { modified }),
  };
}

function facetsOf(value: unknown): FacetField[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new BadPayloadError('Search response "facetFields" is not an array');
  return value.filter(isRecord).map((f) => ({
    name: typeof f.name === 'string' ? f.name : '',
    // The facetMissing bucket has no name; it is not a value anyone can select.
    values: (Array.isArray(f.values) ? f.values : [])
      .filter((v): v is Json => isRecord(v) && typeof v.name === 'string')
      .map((v) => ({ name: v.name as string, count: typeof v.count === 'number' ? v.count : Number(v.count) || 0 })),
  }));
}

/** Maps a search response. Children without readable metadata are left out; malformed ones fail the whole search. */
export function searchResultFromJson(json: unknown, baseUrl: string): SearchResult {
  if (!isRecord(json)) throw new BadPayloadError(`Expected a search response object, got ${describe(json)}`);
  // `resource.children` and `results` are always present in a search answer (entrystore-api.md §2.8): an answer
  // without them is a broken proxy or the wrong service, never an empty catalog.
  const resource = json.resource;
  if (!isRecord(resource)) throw new BadPayloadError(`Search response "resource" is ${resource === undefined ? 'missing' : 'not an object'}`);
  const children = resource.children;
  if (!Array.isArray(children)) throw new BadPayloadError('Search response "resource.children" is not an array');
  if (typeof json.results !== 'number' || !Number.isFinite(json.results)) {
    throw new BadPayloadError('Search response "results" is not a number');
  }
  const entries: StoreEntry[] = [];
  for (const child of children) {
    try {
      entries.push(entryFromJson(child, baseUrl));
    } catch (e) {
      if (!(e instanceof NotFoundError)) throw e;
    }
  }
  const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : fallback);
  return {
    total: num(json.results, entries.length),
    offset: num(json.offset, 0),
    limit: num(json.limit, entries.length),
    entries,
    facets: facetsOf(json.facetFields),
  };
}
