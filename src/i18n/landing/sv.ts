/** Swedish UI strings of the landing pages (see ./en.ts; blocks-behaviour.md §9.3, marked there "for review"). */
import type { LandingKey } from './en.ts';
import { svShared } from '../shared/sv.ts';

export const svLanding: Readonly<Record<LandingKey, string>> = {
  ...svShared,
  'dv.distributions': 'Dataresurser',
  'dv.furtherInfo': 'Ytterligare information',
  'dv.theme': 'Tema',
  'dv.publisher': 'Utgivare',
  'svc.access': 'Åtkomst',
  'svc.endpoint': 'Ändpunkt',
  'svc.endpointDesc': 'API-beskrivning',
  'svc.servesDatasets': 'Tillhandahållna datamängder',
  'dist.none': 'Denna datamängd har inga dataresurser.',
  'dist.loading': 'Hämtar dataresurser…',
  'dist.untitled': 'Dataresurs utan titel',
  'dist.download': 'Ladda ner',
  'dist.access': 'Åtkomst',
  'dist.severalFiles': 'Flera filer – se nedan',
  'dist.files': 'Filer',
  'dist.noFormat': 'Inget format angivet',
  'dist.api': 'API',
  'dist.readApi': 'Läs mer om API:et',
  'dist.exploreApi': 'Utforska API',
  'dist.service': 'Datatjänst',
  'row.moreAbout': 'Mer information om {title}',
  'text.showMore': 'Visa mer',
  'text.showLess': 'Visa mindre',
  'text.cut': 'Texten är avkortad efter {n} tecken.',
  'ind.access': 'Åtkomsträttigheter',
  'ind.frequency': 'Uppdateringsfrekvens',
  'ind.license': 'Licens',
  'ind.hvd': 'Värdefull datamängd',
  'ind.national': 'Nationell datamängd',
  'ind.fee': 'Avgift',
  'ind.serviceType': 'Tjänstetyp',
  'value.geometry': 'Geometri',
  'value.temporalFrom': 'från {start}',
  'value.temporalUntil': 'till {end}',
  'field.publisher': 'Utgivare',
  'field.contactPoint': 'Kontaktuppgifter',
  'field.keyword': 'Nyckelord',
  'field.identifier': 'Identifierare',
  'field.otherIdentifier': 'Annan identifierare',
  'field.issued': 'Utgivningsdatum',
  'field.modified': 'Senast ändrad',
  'field.language': 'Språk',
  'field.landingPage': 'Webbsida',
  'field.conformsTo': 'Följer standard',
  'field.spatial': 'Geografiskt område',
  'field.temporal': 'Tidsperiod',
  'field.accrualPeriodicity': 'Uppdateringsfrekvens',
  'field.version': 'Version',
  'field.versionNotes': 'Versionsanteckningar',
  'field.source': 'Källa',
  'field.accessRights': 'Åtkomsträttigheter',
  'field.hasVersion': 'Har version',
  'field.isVersionOf': 'Är version av',
  'field.inSeries': 'Ingår i serie',
  'field.relation': 'Relaterade resurser',
  'field.page': 'Dokumentation',
  'field.provenance': 'Härkomst',
  'field.applicableLegislation': 'Tillämplig lagstiftning',
  'field.hvdCategory': 'HVD-kategori',
  'field.creator': 'Upphovsperson',
  'field.fee': 'Avgift',
  'field.theme': 'Tema',
  'field.type': 'Typ',
  'field.license': 'Licens',
  'field.description': 'Beskrivning',
  'field.accessURL': 'Åtkomstadress',
  'field.format': 'Format',
  'field.mediaType': 'Medietyp',
  'field.byteSize': 'Storlek',
  'field.status': 'Status',
  'field.rights': 'Rättigheter',
  'field.checksum': 'Kontrollsumma',
  'field.availability': 'Tillgänglighet',
  'field.endpointURL': 'Ändpunkt',
  'field.endpointDescription': 'API-beskrivning',
  'field.servesDataset': 'Tillhandahållna datamängder',
  'state.relatedFailed': 'En del relaterad information kunde inte hämtas.',
};

import themes from '../shared/sv.ts';
import frequency from '../../dcat/vocab/frequency.sv.ts';

/**
 * The labels this part adds to the vocabulary index (src/i18n/index.ts → addVocabulary): the themes and access rights
 * (shared part) and the update frequencies, which nearly every dataset landing page shows (as a chunk of their own
 * they cost such a page a request and about 0.2 KB gzip more).
 */
/** The strings under the one name every part has (src/i18n/index.ts reads it). */
export { svLanding as strings };

export default { ...themes, ...frequency };
