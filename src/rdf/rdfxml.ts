/**
 * A flat RDF/XML writer: one `rdf:Description` per subject, blank nodes by `rdf:nodeID`. rdflib's own RDF/XML
 * serializer nests typed blank nodes inside `rdf:parseType="Resource"`, which changes the triples on re-reading.
 */
import type { Graph, Term } from './graph.ts';
import { NS } from './namespaces.ts';

const NAME_START = 'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD';
/** The longest XML NCName at the end of an IRI: the local part of a property element name. */
const LOCAL_NAME = new RegExp(`[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040]*$`);

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;', '\n': '&#10;', '\t': '&#9;' };

/** Escapes markup, keeps CR (and in attributes newlines/tabs) from being normalised away by XML parsers. */
function escapeXml(text: string, attribute: boolean): string {
  const table = attribute ? ATTRIBUTE_ESCAPES : TEXT_ESCAPES;
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD') // not representable in XML 1.0
    .replace(attribute ? /[&<>\r"\n\t]/g : /[&<>\r]/g, (c) => table[c]!);
}

/** Serialises a graph as RDF/XML. Throws when a predicate IRI cannot be split into namespace + XML name. */
export function writeRdfXml(g: Graph): string {
  const prefixes = new Map<string, string>([[NS.rdf, 'rdf']]);
  const known = new Map<string, string>(Object.entries(NS).map(([p, ns]) => [ns, p]));
  const qname = (iri: string): string => {
    const local = LOCAL_NAME.exec(iri)?.[0];
    // The local part must leave a non-empty namespace.
    const split = local ? iri.length - local.length : -1;
    if (!local || split === 0) throw new Error(`RDF/XML cannot express the predicate <${iri}>`);
    const ns = iri.slice(0, split);
    let prefix = prefixes.get(ns);
    if (!prefix) {
      const wanted = known.get(ns);
      prefix = wanted && ![...prefixes.values()].includes(wanted) ? wanted : `ns${prefixes.size}`;
      prefixes.set(ns, prefix);
    }
    return `${prefix}:${local}`;
  };
  const nodeIds = new Map<string, string>();
  const nodeId = (label: string): string => {
    let id = nodeIds.get(label);
    if (!id) nodeIds.set(label, (id = `b${nodeIds.size}`));
    return id;
  };
  const subjectAttr = (t: Term): string =>
    t.termType === 'BlankNode' ? `rdf:nodeID="${nodeId(t.value)}"` : `rdf:about="${escapeXml(t.value, true)}"`;

  const bySubject = new Map<string, { subject: Term; lines: string[] }>();
  for (const { subject, predicate, object } of g.triples()) {
    const key = subject.termType === 'BlankNode' ? `_:${subject.value}` : subject.value;
    let block = bySubject.get(key);
    if (!block) bySubject.set(key, (block = { subject, lines: [] }));
    const name = qname(predicate);
    let line: string;
    if (object.termType === 'NamedNode') line = `<${name} rdf:resource="${escapeXml(object.value, true)}"/>`;
    else if (object.termType === 'BlankNode') line = `<${name} rdf:nodeID="${nodeId(object.value)}"/>`;
    else {
      const attr = object.language
        ? ` xml:lang="${escapeXml(object.language, true)}"`
        : object.datatype
          ? ` rdf:datatype="${escapeXml(object.datatype, true)}"`
          : '';
      line = `<${name}${attr}>${escapeXml(object.value, false)}</${name}>`;
    }
    block.lines.push(`    ${line}`);
  }

  const body = [...bySubject.values()].map(
    ({ subject, lines }) => `  <rdf:Description ${subjectAttr(subject)}>\n${lines.join('\n')}\n  </rdf:Description>`,
  );
  const xmlns = [...prefixes].map(([ns, p]) => `\n    xmlns:${p}="${escapeXml(ns, true)}"`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rdf:RDF${xmlns}>\n${body.join('\n')}\n</rdf:RDF>\n`;
}
