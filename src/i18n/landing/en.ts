/**
 * English UI strings of the landing renderings (fields, distributions, values, indicators): what a landing page loads
 * with the shared part (`loadLandingMessages`), and a search page only when a row is first opened or a feature shows.
 * Authoritative wording: blocks-behaviour.md §9.3.
 */import { enShared } from '../shared/en.ts';

export const enLanding = {
  ...enShared,
  'dv.distributions': 'Distributions',
  'dv.furtherInfo': 'Further information',
  'dv.theme': 'Theme',
  'dv.publisher': 'Publisher',
  'svc.access': 'Access',
  'svc.endpoint': 'Endpoint',
  'svc.endpointDesc': 'API description',
  'svc.servesDatasets': 'Datasets served',
  'dist.none': 'This dataset has no distributions.',
  'dist.loading': 'Loading distributions…',
  'dist.untitled': 'Untitled distribution',
  'dist.download': 'Download',
  'dist.access': 'Access',
  'dist.severalFiles': 'Several files — see below',
  'dist.files': 'Files',
  'dist.noFormat': 'No format given',
  'dist.api': 'API',
  'dist.readApi': 'Read about the API',
  'dist.exploreApi': 'Explore API',
  'dist.service': 'Data service',
  'row.moreAbout': 'More information about {title}',
  'text.showMore': 'Show more',
  'text.showLess': 'Show less',
  'text.cut': 'Text cut at {n} characters.',
  'ind.access': 'Access rights',
  'ind.frequency': 'Update frequency',
  'ind.license': 'Licence',
  'ind.hvd': 'High-value dataset',
  'ind.national': 'National dataset',
  'ind.fee': 'Fee',
  'ind.serviceType': 'Service type',
  'value.geometry': 'Geometry',
  'value.temporalFrom': 'from {start}',
  'value.temporalUntil': 'until {end}',
  'field.publisher': 'Publisher',
  'field.contactPoint': 'Contact point',
  'field.keyword': 'Keywords',
  'field.identifier': 'Identifier',
  'field.otherIdentifier': 'Other identifier',
  'field.issued': 'Issued',
  'field.modified': 'Modified',
  'field.language': 'Language',
  'field.landingPage': 'Landing page',
  'field.conformsTo': 'Conforms to',
  'field.spatial': 'Spatial coverage',
  'field.temporal': 'Temporal coverage',
  'field.accrualPeriodicity': 'Update frequency',
  'field.version': 'Version',
  'field.versionNotes': 'Version notes',
  'field.source': 'Source',
  'field.accessRights': 'Access rights',
  'field.hasVersion': 'Has version',
  'field.isVersionOf': 'Is version of',
  'field.inSeries': 'In series',
  'field.relation': 'Related',
  'field.page': 'Documentation',
  'field.provenance': 'Provenance',
  'field.applicableLegislation': 'Applicable legislation',
  'field.hvdCategory': 'HVD category',
  'field.creator': 'Creator',
  'field.fee': 'Fee',
  'field.theme': 'Theme',
  'field.type': 'Type',
  'field.license': 'Licence',
  'field.description': 'Description',
  'field.accessURL': 'Access URL',
  'field.format': 'Format',
  'field.mediaType': 'Media type',
  'field.byteSize': 'Size',
  'field.status': 'Status',
  'field.rights': 'Rights',
  'field.checksum': 'Checksum',
  'field.availability': 'Availability',
  'field.endpointURL': 'Endpoint',
  'field.endpointDescription': 'API description',
  'field.servesDataset': 'Datasets served',
  'state.relatedFailed': 'Some related information could not be loaded.',
} as const;

export type LandingKey = keyof typeof enLanding;

/** The theme and access-right labels of the shared part (added by loadPart in ../index.ts). */
import themes from '../shared/en.ts';
import frequency from '../../dcat/vocab/frequency.en.ts';

/**
 * The labels this part adds to the vocabulary index (src/i18n/index.ts → addVocabulary): the themes and access rights
 * (shared part) and the update frequencies, which nearly every dataset landing page shows (as a chunk of their own
 * they cost such a page a request and about 0.2 KB gzip more).
 */
/** The strings under the one name every part has (src/i18n/index.ts reads it). */
export { enLanding as strings };

export default { ...themes, ...frequency };
