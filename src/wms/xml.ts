/**
 * A small, strict, non-validating XML parser for service documents (WMS capabilities): elements with namespaces,
 * attributes, text, CDATA; comments and processing instructions skipped. Written for what untrusted documents may
 * not do: no DOCTYPE, no entity declarations, so no entity expansion (only the five predefined entities and
 * character references), a nesting limit, linear time. It is also not a Trusted Types sink, unlike
 * `DOMParser.parseFromString`, so maps work on pages that enforce `require-trusted-types-for 'script'`.
 *
 * The tree offers the few DOM Level 2 members the capabilities reader uses (nodeType, nodeName, localName,
 * childNodes, textContent, getAttribute, getAttributeNS), so a real DOMParser can stand in for it (tests compare).
 */

export class XmlError extends Error {
  constructor(message: string, readonly offset: number) {
    super(`${message} (at character ${offset})`);
    this.name = 'XmlError';
  }
}

/** Deepest element nesting accepted (real capabilities nest layers a handful of levels). */
export const MAX_DEPTH = 256;

interface Attr {
  readonly name: string;
  readonly local: string;
  readonly prefix: string;
  readonly value: string;
  ns: string;
}

export class XmlText {
  readonly nodeType = 3;
  readonly nodeName = '#text';
  readonly localName = null;
  readonly childNodes: readonly never[] = [];
  constructor(readonly textContent: string) {}
}

export class XmlElement {
  readonly nodeType = 1;
  readonly childNodes: (XmlElement | XmlText)[] = [];
  /** Namespace URI of the element ('' when none). */
  namespaceURI = '';

  constructor(
    /** Qualified name as written. */
    readonly nodeName: string,
    readonly localName: string,
    readonly prefix: string,
    readonly attrs: readonly Attr[],
    readonly parent: XmlElement | undefined,
  ) {}

  get textContent(): string {
    let out = '';
    const walk = (n: XmlElement | XmlText): void => {
      if (n instanceof XmlText) out += n.textContent;
      else for (const c of n.childNodes) walk(c);
    };
    walk(this);
    return out;
  }

  getAttribute(name: string): string | null {
    return this.attrs.find((a) => a.name === name)?.value ?? null;
  }

  getAttributeNS(ns: string | null, local: string): string | null {
    return this.attrs.find((a) => a.local === local && a.ns === (ns ?? ''))?.value ?? null;
  }

  /** The namespace URI bound to `prefix` here ('' = the default namespace). */
  lookupNamespaceURI(prefix: string): string | undefined {
    for (let e: XmlElement | undefined = this; e; e = e.parent) {
      const decl = e.attrs.find((a) => (prefix ? a.prefix === 'xmlns' && a.local === prefix : a.name === 'xmlns'));
      if (decl) return decl.value;
    }
    if (prefix === 'xml') return 'http://www.w3.org/XML/1998/namespace';
    return prefix ? undefined : '';
  }
}

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NAME = /[A-Za-z_:\u00C0-\uFFFF][\w.:\u00B7\u00C0-\uFFFF-]*/y;
const ATTR = /\s+([A-Za-z_:\u00C0-\uFFFF][\w.:\u00B7\u00C0-\uFFFF-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const TAG_END = /\s*(\/?)>/y;
const CLOSE = /<\/([A-Za-z_:\u00C0-\uFFFF][\w.:\u00B7\u00C0-\uFFFF-]*)\s*>/y;

function decodeEntities(s: string, offset: number): string {
  if (!s.includes('&')) return s;
  return s.replace(/&([^;&\s]{0,32});?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new XmlError('Unterminated entity reference', offset);
    if (name in PREDEFINED) return PREDEFINED[name]!;
    const num = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(name);
    if (num) {
      const cp = num[1] !== undefined ? parseInt(num[1], 16) : Number(num[2]);
      if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) throw new XmlError('Invalid character reference', offset);
      return String.fromCodePoint(cp);
    }
    throw new XmlError(`Undeclared entity &${name.slice(0, 20)};`, offset);
  });
}

function split(qname: string): { prefix: string; local: string } {
  const i = qname.indexOf(':');
  return i < 0 ? { prefix: '', local: qname } : { prefix: qname.slice(0, i), local: qname.slice(i + 1) };
}

/** Parses a whole document; returns its root element. Throws `XmlError` on anything not well-formed or refused. */
export function parseXml(xml: string): XmlElement {
  let pos = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const text = (s: string, at: number): void => {
    const top = stack[stack.length - 1];
    if (!top) {
      if (s.trim()) throw new XmlError('Text outside the root element', at);
      return;
    }
    top.childNodes.push(new XmlText(decodeEntities(s, at)));
  };
  while (pos < xml.length) {
    const lt = xml.indexOf('<', pos);
    if (lt < 0) {
      text(xml.slice(pos), pos);
      break;
    }
    if (lt > pos) text(xml.slice(pos, lt), pos);
    if (xml.startsWith('<?', lt)) {
      const end = xml.indexOf('?>', lt + 2);
      if (end < 0) throw new XmlError('Unterminated processing instruction', lt);
      pos = end + 2;
    } else if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end < 0) throw new XmlError('Unterminated comment', lt);
      pos = end + 3;
    } else if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt + 9);
      if (end < 0 || stack.length === 0) throw new XmlError('Misplaced or unterminated CDATA section', lt);
      stack[stack.length - 1]!.childNodes.push(new XmlText(xml.slice(lt + 9, end)));
      pos = end + 3;
    } else if (xml.startsWith('<!', lt)) {
      // DOCTYPE, ENTITY, ELEMENT …: refused (entity expansion, external entities).
      throw new XmlError('Markup declarations (DOCTYPE, ENTITY) are not accepted', lt);
    } else if (xml.startsWith('</', lt)) {
      CLOSE.lastIndex = lt;
      const m = CLOSE.exec(xml);
      const top = stack.pop();
      if (!m || !top || m[1] !== top.nodeName) throw new XmlError('Mismatched end tag', lt);
      pos = CLOSE.lastIndex;
    } else {
      NAME.lastIndex = lt + 1;
      const name = NAME.exec(xml)?.[0];
      if (!name) throw new XmlError('Invalid start tag', lt);
      let at = NAME.lastIndex;
      const attrs: Attr[] = [];
      for (;;) {
        ATTR.lastIndex = at;
        const a = ATTR.exec(xml);
        if (!a) break;
        const qname = a[1]!;
        if (attrs.some((x) => x.name === qname)) throw new XmlError('Duplicate attribute', at);
        const { prefix, local } = split(qname);
        attrs.push({ name: qname, prefix, local, value: decodeEntities((a[2] ?? a[3] ?? '').replace(/[\t\n\r]/g, ' '), at), ns: '' });
        at = ATTR.lastIndex;
      }
      TAG_END.lastIndex = at;
      const end = TAG_END.exec(xml);
      if (!end) throw new XmlError('Invalid start tag', lt);
      pos = TAG_END.lastIndex;
      const parent = stack[stack.length - 1];
      if (!parent && root) throw new XmlError('More than one root element', lt);
      if (stack.length >= MAX_DEPTH) throw new XmlError('Elements nested too deeply', lt);
      const { prefix, local } = split(name);
      const el = new XmlElement(name, local, prefix, attrs, parent);
      const ns = el.lookupNamespaceURI(prefix);
      if (ns === undefined) throw new XmlError(`Undeclared namespace prefix ${prefix.slice(0, 40)}`, lt);
      el.namespaceURI = ns;
      for (const a of attrs) {
        if (a.prefix && a.prefix !== 'xmlns') {
          const ans = el.lookupNamespaceURI(a.prefix);
          if (ans === undefined) throw new XmlError(`Undeclared namespace prefix ${a.prefix.slice(0, 40)}`, lt);
          a.ns = ans;
        }
      }
      if (parent) parent.childNodes.push(el);
      else root = el;
      if (end[1] !== '/') stack.push(el);
    }
  }
  if (stack.length > 0) throw new XmlError(`Unclosed element ${stack[stack.length - 1]!.nodeName.slice(0, 40)}`, xml.length);
  if (!root) throw new XmlError('No root element', 0);
  return root;
}
