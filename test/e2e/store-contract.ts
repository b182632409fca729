/**
 * What a real EntryStore accepts, written from its source (MetaSolutionsAB/entrystore @ c483f900, the commit
 * ../shared/docs/entrystore-api.md cites) and NOT from the dev store: every store request the built bundle makes is
 * checked against these rules by request-contract.test.ts. Returns the broken rules of one request URL ([] = fine).
 *
 * - Parameters (rest/util/Util.parseRequest): split after the last `?` on `&`, each pair on `=`, values form-decoded:
 *   a raw `+` turns into a space and a raw `=` truncates the value, so neither may appear raw in a value.
 * - search (rest/resources/SearchResource.java): `type` and `query` mandatory, `query` ≥ 3 characters (l. 104);
 *   `limit` an integer, at most `entrystore.solr.max-limit` (default 100, l. 89, 138); `offset` an integer ≥ 0;
 *   `sort` split on `,` then each item on one space, items of other than two parts silently DROPPED (l. 373–376):
 *   every item sent must survive, so exactly two parts, a sortable field and asc|desc; `facetLimit` ≤ 1000 (l. 91).
 * - Field names in `query`, `sort` and `facetFields` exist in core/core-impl/src/main/resources/schema.xml_default
 *   (l. 199–270; dynamic fields metadata.predicate.*.<h8> with h8 = 8 hex digits of MD5, Hashing.java).
 * - Sorting (schema): on single-valued or string/date/long fields; title.<lang> is rewritten to title_sort.<lang>.
 */

/** schema.xml_default fields and dynamic fields (l. 199–270), as patterns. */
const FIELD = new RegExp('^(?:' + [
  'uri', 'resource', 'context', 'rdfType', 'creator', 'contributors', 'lists', 'public', 'created', 'modified', 'graphType',
  'entryType', 'resourceType', 'username', 'contextname', 'profile', 'projectType', 'status', 'lang', 'email', 'all',
  'title', 'description', 'tag\\.literal', 'tag\\.uri', 'metadata\\.object\\.(?:uri|literal)',
  'acl\\.(?:admin|metadata\\.rw?|resource\\.rw?)',
  '(?:related\\.)?metadata\\.predicate\\.(?:uri|literal_s|literal_t|literal|date|integer)\\.[0-9a-f]{8}',
  'title\\.[^.\\s:]+', 'description\\.[^.\\s:]+', 'tag\\.literal\\.[^.\\s:]+',
].join('|') + ')$');

/** Fields a sort may name (single-valued, or string fields Solr sorts by min/max): not ngram/text (schema types). */
const SORTABLE = /^(?:score|uri|resource|context|created|modified|public|graphType|entryType|resourceType|status|title\.[^.\s]+|(?:related\.)?metadata\.predicate\.(?:uri|literal_s|date|integer)\.[0-9a-f]{8})$/;

const MAX_LIMIT = 100;
const MAX_FACET_LIMIT = 1000;

/** Java's split on one character: trailing empty strings dropped. */
function javaSplit(text: string, sep: string): string[] {
  const parts = text.split(sep);
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** `name=value` pairs as EntryStore reads them (value form-decoded), plus rule breaks of the raw text. */
function parameters(rawQuery: string, problems: string[]): Map<string, string> {
  const params = new Map<string, string>();
  for (const pair of rawQuery.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    const raw = eq < 0 ? '' : pair.slice(eq + 1);
    if (raw.includes('=')) problems.push(`${name}: a raw "=" truncates the value`);
    if (raw.includes('+') && name !== 'format' && name !== 'rdfFormat') problems.push(`${name}: a raw "+" is read as a space`);
    let value = raw;
    try {
      value = decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      problems.push(`${name}: not valid percent-encoding`);
    }
    params.set(name, value);
  }
  return params;
}

/** Field names a Lucene query addresses (`name:` outside escapes, quotes and ranges). */
export function queryFields(query: string): string[] {
  const out: string[] = [];
  let token = '';
  let quoted = false;
  for (let i = 0; i < query.length; i++) {
    const c = query[i]!;
    if (c === '\\') {
      token += c + (query[i + 1] ?? '');
      i++;
    } else if (c === '"') {
      quoted = !quoted;
      token = '';
    } else if (quoted) {
      // inside a phrase
    } else if (c === ':') {
      if (token) out.push(token);
      token = '';
    } else if (/[\s()[\]{}^~]/.test(c)) {
      token = '';
    } else {
      token += c;
    }
  }
  return out.map((f) => f.replace(/^[+-]/, ''));
}

function balanced(query: string): boolean {
  let depth = 0;
  for (let i = 0; i < query.length; i++) {
    if (query[i] === '\\') i++;
    else if (query[i] === '(') depth++;
    else if (query[i] === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

function integer(value: string | undefined): number | undefined {
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** The rules of `search?type=solr`. */
function searchProblems(params: Map<string, string>, problems: string[]): void {
  if (params.get('type') !== 'solr') problems.push('type must be solr');
  const query = params.get('query');
  if (query === undefined) problems.push('query is mandatory');
  else {
    if (query.length < 3) problems.push('query shorter than 3 characters: 400 Query too short');
    if (!balanced(query)) problems.push('query: unbalanced parentheses');
    for (const f of queryFields(query)) if (f !== '*' && !FIELD.test(f)) problems.push(`query: field ${f} is not in schema.xml`);
  }
  if (params.has('limit')) {
    const limit = integer(params.get('limit'));
    if (limit === undefined) problems.push('limit: not an integer (400)');
    else if (limit > MAX_LIMIT) problems.push(`limit ${limit} > ${MAX_LIMIT}: clamped by the store`);
  }
  if (params.has('offset') && integer(params.get('offset')) === undefined) problems.push('offset: not an integer ≥ 0');
  const sort = params.get('sort');
  if (sort !== undefined) {
    for (const item of javaSplit(sort, ',')) {
      const parts = javaSplit(item, ' ');
      if (parts.length !== 2) {
        problems.push(`sort item ${JSON.stringify(item)} is not exactly "field order": the store drops it`);
        continue;
      }
      if (!SORTABLE.test(parts[0]!)) problems.push(`sort: ${parts[0]} is not a sortable field`);
      if (!/^(asc|desc)$/i.test(parts[1]!)) problems.push(`sort: order ${parts[1]} is read as asc`);
    }
  }
  for (const f of params.get('facetFields')?.split(',') ?? []) if (!FIELD.test(f)) problems.push(`facetFields: ${f} is not in schema.xml`);
  if (params.has('facetLimit')) {
    const n = integer(params.get('facetLimit'));
    if (n === undefined || n < 1 || n > MAX_FACET_LIMIT) problems.push(`facetLimit ${params.get('facetLimit')} outside 1…${MAX_FACET_LIMIT}`);
  }
}

/** Broken rules of one request to the store at `storeUrl` (ending in `/`). */
export function contractProblems(url: string, storeUrl: string): string[] {
  const problems: string[] = [];
  if (!url.startsWith(storeUrl)) return [`not under the store ${storeUrl}`];
  const rest = url.slice(storeUrl.length);
  const q = rest.lastIndexOf('?');
  const path = q < 0 ? rest : rest.slice(0, q);
  const params = parameters(q < 0 ? '' : rest.slice(q + 1), problems);
  if (path === 'search') searchProblems(params, problems);
  else if (/^[^/]+\/entry\/[^/]+$/.test(path)) {
    if (params.get('format') !== undefined && params.get('format') !== 'application/json') problems.push('entry: format must be application/json');
  } else if (!/^[^/]+\/(resource|metadata)\/[^/]+$/.test(path)) problems.push(`path ${path} is not a route the blocks use`);
  const callback = params.get('callback');
  if (callback !== undefined && !/^[A-Za-z_$][\w$]*$/.test(callback)) problems.push(`callback ${callback} is not a plain identifier`);
  return problems;
}
