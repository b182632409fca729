/**
 * Writes RDF/JSON (the store's own representation): the dev store and the file store answer entries with it. Apart
 * from the reader (rdfjson.ts), which every page loads; no page writes RDF/JSON.
 */
import type { Graph, Term } from './graph.ts';

type RdfJsonObject = { type: 'uri' | 'bnode' | 'literal'; value: string; lang?: string; datatype?: string };

function writeObject(t: Term): RdfJsonObject {
  if (t.termType === 'NamedNode') return { type: 'uri', value: t.value };
  if (t.termType === 'BlankNode') return { type: 'bnode', value: `_:${t.value}` };
  if (t.language) return { type: 'literal', value: t.value, lang: t.language };
  return t.datatype ? { type: 'literal', value: t.value, datatype: t.datatype } : { type: 'literal', value: t.value };
}

/** Writes a Graph as RDF/JSON (EntryStore's writer rules: `lang` xor `datatype`, no datatype for plain strings). */
export function writeRdfJson(g: Graph): Record<string, Record<string, object[]>> {
  // Maps, then fromEntries: subject or predicate keys such as "__proto__" stay ordinary own properties.
  const subjects = new Map<string, Map<string, RdfJsonObject[]>>();
  for (const { subject, predicate, object } of g.triples()) {
    const key = subject.termType === 'BlankNode' ? `_:${subject.value}` : subject.value;
    let predicates = subjects.get(key);
    if (!predicates) subjects.set(key, (predicates = new Map()));
    let objects = predicates.get(predicate);
    if (!objects) predicates.set(predicate, (objects = []));
    objects.push(writeObject(object));
  }
  return Object.fromEntries([...subjects].map(([s, preds]) => [s, Object.fromEntries(preds)]));
}
