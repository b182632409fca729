/**
 * Readings of licence and legislation URIs that only the indicators (§6.6, the lazily loaded rich content) need:
 * kept out of vocab.ts, which every page loads (vite.config.ts keeps this module out of `core`).
 */
import { normalise } from './vocab.ts';

/** Creative Commons variant for the licence indicator: `by`, `by-sa`, …, `zero`; undefined for other licences. */
export function ccVariant(uri: string): string | undefined {
  const key = normalise(uri).replace(/^www\./i, '');
  const m = /^creativecommons\.org\/(licenses|publicdomain)\/([a-z-]+)/i.exec(key);
  if (m) return m[2]!.toLowerCase();
  const eu = /^publications\.europa\.eu\/resource\/authority\/licence\/(CC0|CC_BY[A-Z]*)(?:_\d.*)?$/i.exec(key);
  if (eu) return eu[1]!.toUpperCase() === 'CC0' ? 'zero' : eu[1]!.toLowerCase().replace(/^cc_/, '').replace(/(nc|sa|nd)/g, '-$1');
  const de = /^dcat-ap\.de\/def\/licenses\/cc-(zero|by(?:-(?:nc|sa|nd))*)/i.exec(key);
  if (de) return de[1]!.toLowerCase();
  return undefined;
}

/** The HVD regulation (Commission Implementing Regulation (EU) 2023/138), with http/https and slash variants. */
export function isHvdLegislation(uri: string): boolean {
  return /^data\.europa\.eu\/eli\/reg_impl\/2023\/138(\/oj)?$/i.test(normalise(uri));
}
