/**
 * DCAT view model: what the blocks render, already resolved to one UI language. Built by `dataset.ts` /
 * `dataservice.ts` from an entry graph plus the related entries of one batched lookup. Plain data, no DOM.
 * Every `href` here has passed `safeHref` (http, https, mailto only): blocks never check again and never
 * build links from anything else.
 */

/** A literal chosen for the UI language. `lang` is the literal's own tag ('' when untagged). */
export interface Text {
  readonly value: string;
  readonly lang: string;
}

/** One value of a metadata row. */
export type Value =
  | { readonly kind: 'text'; readonly text: Text }
  /** A URI or literal shown by label that may be followed (only when safe). */
  | {
      readonly kind: 'link';
      readonly text: Text;
      readonly href?: string;
      /** The URI this value stands for, when it is one (md5 classes of tags, facet values); not necessarily safe. */
      readonly uri?: string;
    }
  /** xsd:date / xsd:dateTime / gYear…; blocks format with Intl in the UI locale inside <time datetime>. */
  | { readonly kind: 'date'; readonly value: string; readonly precision: 'year' | 'month' | 'day' | 'time' }
  /** Another dataset / service of the catalog, linked to its landing page when the block knows the route. */
  | { readonly kind: 'entry'; readonly text: Text; readonly resourceUri: string; readonly contextId?: string; readonly entryId?: string };

/** Keys of "Further information" rows and distribution metadata rows, in display order; labels come from i18n `field.<key>`. */
export type FieldKey =
  | 'publisher' | 'contactPoint' | 'keyword' | 'identifier' | 'otherIdentifier' | 'issued' | 'modified' | 'language'
  | 'landingPage' | 'conformsTo' | 'spatial' | 'temporal' | 'accrualPeriodicity' | 'version' | 'versionNotes' | 'source'
  | 'accessRights' | 'hasVersion' | 'isVersionOf' | 'inSeries' | 'relation' | 'page' | 'provenance'
  | 'applicableLegislation' | 'hvdCategory' | 'creator' | 'fee' | 'theme' | 'type' | 'license'
  // distribution rows
  | 'description' | 'accessURL' | 'format' | 'mediaType' | 'byteSize' | 'status' | 'rights' | 'checksum' | 'availability'
  // data service rows
  | 'endpointURL' | 'endpointDescription' | 'servesDataset';

export interface Field {
  readonly key: FieldKey;
  readonly values: readonly Value[];
}

export interface Agent {
  readonly uri?: string;
  readonly name?: Text;
  readonly email?: string; // mailto: href, already safe
  readonly homepage?: string;
}

export interface FormatBadge {
  /** Short label: CSV, JSON, XLSX, WMS … */
  readonly label: string;
  /** Raw value as written (MIME literal or file-type URI), used for `title` and the md5 class. */
  readonly raw: string;
}

export interface FileItem {
  readonly href: string;
  /** File name (catalog mode: the file entry's rdfs:label; registry mode: label in graph or last path segment). */
  readonly name: string;
  readonly byteSize?: number;
  readonly format?: string;
}

export interface AccessService {
  readonly uri: string;
  readonly title?: Text;
  readonly endpointDescription?: string; // safe href
  readonly type?: Text;
  readonly entryId?: string;
  readonly contextId?: string;
}

export interface DistributionModel {
  readonly uri: string;
  readonly title?: Text;
  readonly formats: readonly FormatBadge[];
  /** Auto-generated API over tabular data (esterms:ServiceDistribution, or accessURL + dcterms:source). */
  readonly isApi: boolean;
  /** Safe download links (files) in document order; names resolved per `registry` mode. */
  readonly files: readonly FileItem[];
  /** Shown as "Access" when there is no download URL or it differs from all of them. */
  readonly accessUrl?: string;
  /** "Explore API" target: conformsTo ending in /swagger, or endpointDescription of the access service. */
  readonly apiDescription?: string;
  readonly isCsv: boolean;
  readonly isWms: boolean;
  readonly accessService?: AccessService;
  /** Expanded-area metadata rows, in order. */
  readonly fields: readonly Field[];
}

/**
 * One indicator badge (§6.6). `key`: `access` | `frequency` | `license` | `hvd` | `national` | `fee` | `serviceType`
 * (i18n `ind.<key>` names it); `text` is the value label (for `hvd`, `national`, `fee` the indicator's own name).
 * Only emitted when a label is known: never a bare URI.
 */
export interface Indicator {
  readonly key: string;
  readonly text: Text;
  /** The value's URI (icon per access-right value, md5 classes). */
  readonly uri?: string;
  /** Licences only: Creative Commons variant from the path (`by`, `by-sa`, …, `zero`). */
  readonly variant?: string;
}

export interface DatasetModel {
  readonly uri: string;
  readonly contextId?: string;
  readonly entryId?: string;
  readonly kind: 'dataset' | 'series' | 'service';
  readonly title?: Text;
  /** Paragraphs of the description, line breaks kept inside each. */
  readonly description: readonly Text[];
  readonly publisher?: Agent;
  readonly themes: readonly Value[];
  readonly distributions: readonly DistributionModel[];
  /** Rows of "Further information", in the behaviour doc's order, empty rows omitted. */
  readonly fields: readonly Field[];
}

export interface DataServiceModel {
  readonly uri: string;
  readonly contextId?: string;
  readonly entryId?: string;
  readonly title?: Text;
  readonly description: readonly Text[];
  readonly publisher?: Agent;
  readonly endpointUrls: readonly string[];
  readonly endpointDescriptions: readonly string[];
  readonly conformsTo: readonly Value[];
  readonly servedDatasets: readonly Value[];
  readonly fields: readonly Field[];
}
