/**
 * A flat RDF/XML writer: one `rdf:Description` per subject, blank nodes by `rdf:nodeID`. rdflib's own RDF/XML
 * serializer nests typed blank nodes inside `rdf:parseType="Resource"`, which changes the triples on re-reading.
 * It is given a graph that already passed the export rule of serialize.ts (absolute, percent-encoded IRIs, valid
 * language tags, literal text XML can hold); it still escapes every attribute and text itself.
 *
 * RDF/XML cannot write every graph: a predicate must become an element name (namespace + XML NCName at the end of
 * the IRI), and the RDF syntax names (`rdf:Description`, `rdf:li`, `rdf:about`, …) cannot be property elements
 * (`rdf:li` would be read back as `rdf:_1`). Such triples are left out, counted, and said in a comment of the file;
 * the other formats keep them.
 */
import type { Graph, Term } from './graph.ts';
import { NS } from './namespaces.ts';

const NAME_START = 'A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD';
/** The longest XML NCName at the end of an IRI: the local part of a property element name. */
const LOCAL_NAME = new RegExp(`[${NAME_START}][${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040]*$`);

/** RDF/XML syntax names that may not be property elements (RDF 1.1 XML Syntax §7.2.5, plus rdf:li, which parsers renumber). */
const NOT_PROPERTY_ELEMENTS = new Set(
  ['RDF', 'ID', 'about', 'parseType', 'resource', 'nodeID', 'datatype', 'Description', 'li', 'aboutEach', 'aboutEachPrefix', 'bagID'].map(
    (n) => `${NS.rdf}${n}`,
  ),
);
/** Namespace names no prefix may be bound to (Namespaces in XML 1.0 §3). */
const RESERVED_NAMESPACES = new Set(['http://www.w3.org/XML/1998/namespace', 'http://www.w3.org/2000/xmlns/']);

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;', '\n': '&#10;', '\t': '&#9;' };

/** Escapes markup, keeps CR (and in attributes newlines/tabs) from being normalised away by XML parsers. */
function escapeXml(text: string, attribute: boolean): string {
  const table = attribute ? ATTRIBUTE_ESCAPES : TEXT_ESCAPES;
  return text
    // Not representable in XML 1.0 (the export rule already replaced these; a last guard for well-formedness).
    // eslint-disable-next-line no-control-regex -- escaping control characters is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(attribute ? /[&<>\r"\n\t]/g : /[&<>\r]/g, (c) => table[c]!)
    // DEL and C1 controls as references: some parsers (xmldom) treat U+0085 and U+2028 as line ends and turn them into LF.
    .replace(/[\u007F-\u009F\u2028]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sentence every export file with comments starts with when the export rule (serialize.ts) left triples out. */
export function leftOutSentence(count: number, extra = ''): string {
  return `${count} ${count === 1 ? 'statement was' : 'statements were'} left out: a non-absolute IRI, an ill-formed ` +
    `language tag or literal${extra}.`;
}

export interface RdfXmlText {
  readonly text: string;
  /** Triples RDF/XML cannot write (predicate without an element name), left out of `text`. */
  readonly leftOut: number;
}

/**
 * Serialises a graph as RDF/XML. `alreadyLeftOut`: triples the export rule left out before, for the file's comment.
 */
export function writeRdfXml(g: Graph, alreadyLeftOut = 0): RdfXmlText {
  const prefixes = new Map<string, string>([[NS.rdf, 'rdf']]);
  const known = new Map<string, string>(Object.entries(NS).map(([p, ns]) => [ns, p]));
  /** `prefix:local` for a predicate, or undefined when it cannot be a property element. */
  const qname = (iri: string): string | undefined => {
    if (NOT_PROPERTY_ELEMENTS.has(iri)) return undefined;
    const local = LOCAL_NAME.exec(iri)?.[0];
    // The local part must leave a non-empty namespace.
    const split = local ? iri.length - local.length : -1;
    if (!local || split <= 0) return undefined;
    const ns = iri.slice(0, split);
    if (RESERVED_NAMESPACES.has(ns)) return undefined;
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

  let leftOut = 0;
  const bySubject = new Map<string, { subject: Term; lines: string[] }>();
  for (const { subject, predicate, object } of g.triples()) {
    const name = qname(predicate);
    if (!name) {
      leftOut++;
      continue;
    }
    const key = subject.termType === 'BlankNode' ? `_:${subject.value}` : subject.value;
    let block = bySubject.get(key);
    if (!block) bySubject.set(key, (block = { subject, lines: [] }));
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
  const total = alreadyLeftOut + leftOut;
  const comment = total
    ? `<!-- ${leftOutSentence(total, leftOut ? ', or a predicate RDF/XML cannot write as an element name' : '')} -->\n`
    : '';
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${comment}<rdf:RDF${xmlns}>\n${body.join('\n')}\n</rdf:RDF>\n`;
  return { text, leftOut };
}
