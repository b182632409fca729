/** German UI strings of the landing pages (see ./en.ts; blocks-behaviour.md §9.3, marked there "for review"). */
import type { LandingKey } from './en.ts';
import { deShared } from '../shared/de.ts';

export const deLanding: Readonly<Record<LandingKey, string>> = {
  ...deShared,
  'dv.distributions': 'Distributionen',
  'dv.furtherInfo': 'Weitere Informationen',
  'dv.theme': 'Thema',
  'dv.publisher': 'Herausgeber',
  'svc.access': 'Zugang',
  'svc.endpoint': 'Endpunkt',
  'svc.endpointDesc': 'API-Beschreibung',
  'svc.servesDatasets': 'Bereitgestellte Datensätze',
  'dist.none': 'Dieser Datensatz hat keine Distributionen.',
  'dist.loading': 'Distributionen werden geladen…',
  'dist.untitled': 'Distribution ohne Titel',
  'dist.download': 'Herunterladen',
  'dist.access': 'Zugang',
  'dist.severalFiles': 'Mehrere Dateien – siehe unten',
  'dist.files': 'Dateien',
  'dist.noFormat': 'Kein Format angegeben',
  'dist.api': 'API',
  'dist.readApi': 'Mehr über die API',
  'dist.exploreApi': 'API erkunden',
  'dist.service': 'Datendienst',
  'row.moreAbout': 'Weitere Informationen zu {title}',
  'text.showMore': 'Mehr anzeigen',
  'text.showLess': 'Weniger anzeigen',
  'text.cut': 'Text nach {n} Zeichen gekürzt.',
  'ind.access': 'Zugangsrechte',
  'ind.frequency': 'Aktualisierungsfrequenz',
  'ind.license': 'Lizenz',
  'ind.hvd': 'Hochwertiger Datensatz',
  'ind.national': 'Nationaler Datensatz',
  'ind.fee': 'Gebühr',
  'ind.serviceType': 'Diensttyp',
  'value.geometry': 'Geometrie',
  'value.temporalFrom': 'ab {start}',
  'value.temporalUntil': 'bis {end}',
  'field.publisher': 'Herausgeber',
  'field.contactPoint': 'Kontakt',
  'field.keyword': 'Schlüsselwörter',
  'field.identifier': 'Kennung',
  'field.otherIdentifier': 'Weitere Kennung',
  'field.issued': 'Veröffentlicht',
  'field.modified': 'Zuletzt geändert',
  'field.language': 'Sprache',
  'field.landingPage': 'Webseite',
  'field.conformsTo': 'Entspricht',
  'field.spatial': 'Räumliche Abdeckung',
  'field.temporal': 'Zeitliche Abdeckung',
  'field.accrualPeriodicity': 'Aktualisierungsfrequenz',
  'field.version': 'Version',
  'field.versionNotes': 'Versionshinweise',
  'field.source': 'Quelle',
  'field.accessRights': 'Zugangsrechte',
  'field.hasVersion': 'Hat Version',
  'field.isVersionOf': 'Ist Version von',
  'field.inSeries': 'Teil der Serie',
  'field.relation': 'Verwandte Ressourcen',
  'field.page': 'Dokumentation',
  'field.provenance': 'Herkunft',
  'field.applicableLegislation': 'Anwendbare Rechtsvorschriften',
  'field.hvdCategory': 'HVD-Kategorie',
  'field.creator': 'Urheber',
  'field.fee': 'Gebühr',
  'field.theme': 'Thema',
  'field.type': 'Typ',
  'field.license': 'Lizenz',
  'field.description': 'Beschreibung',
  'field.accessURL': 'Zugangs-URL',
  'field.format': 'Format',
  'field.mediaType': 'Medientyp',
  'field.byteSize': 'Größe',
  'field.status': 'Status',
  'field.rights': 'Rechte',
  'field.checksum': 'Prüfsumme',
  'field.availability': 'Verfügbarkeit',
  'field.endpointURL': 'Endpunkt',
  'field.endpointDescription': 'API-Beschreibung',
  'field.servesDataset': 'Bereitgestellte Datensätze',
  'state.relatedFailed': 'Einige zugehörige Informationen konnten nicht geladen werden.',
};

import themes from '../shared/de.ts';
import frequency from '../../dcat/vocab/frequency.de.ts';

/**
 * The labels this part adds to the vocabulary index (src/i18n/index.ts → addVocabulary): the themes and access rights
 * (shared part) and the update frequencies, which nearly every dataset landing page shows (as a chunk of their own
 * they cost such a page a request and about 0.2 KB gzip more).
 */
/** The strings under the one name every part has (src/i18n/index.ts reads it). */
export { deLanding as strings };

export default { ...themes, ...frequency };
