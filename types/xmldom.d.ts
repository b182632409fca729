/**
 * The part of @xmldom/xmldom the dev store uses (dev-store/rdf/parse.ts). Its own typings reference the DOM
 * library, which would bring `document`, `window` and the other browser globals into the Node program
 * (tsconfig.node.json maps `@xmldom/xmldom` here so that browser globals in Node code still fail the type-check).
 */
export interface XmlNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly localName: string | null;
  readonly namespaceURI: string | null;
  readonly prefix: string | null;
  readonly firstChild: XmlNode | null;
  readonly nextSibling: XmlNode | null;
  readonly nodeValue: string | null;
  readonly textContent: string | null;
}
export interface XmlAttribute extends XmlNode {
  readonly name: string;
  readonly value: string;
}
export interface XmlElement extends XmlNode {
  readonly tagName: string;
  readonly attributes: ArrayLike<XmlAttribute>;
  getAttribute(name: string): string | null;
  getAttributeNS(namespace: string | null, localName: string): string | null;
}
export interface XmlDocument extends XmlNode {
  readonly documentElement: XmlElement | null;
}
export interface ParseOptions {
  locator?: object;
  errorHandler?: {
    warning?: (message: string) => void;
    error?: (message: string) => void;
    fatalError?: (message: string) => void;
  };
}
export declare class DOMParser {
  constructor(options?: ParseOptions);
  parseFromString(source: string, mimeType?: string): XmlDocument;
}
