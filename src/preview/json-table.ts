/**
 * JSON as a table (behaviour doc §6.5): an array of arrays (the first is the header row) or an array of objects
 * (the keys are the columns, in the order first seen). `[prop]` Also an object of objects — records keyed by name,
 * like a register — with the key as the first column, and an object whose only array member is such a table.
 * Nested objects become columns with dotted names (`postal_address.city`); arrays and deeper values stay JSON text.
 */

/** Nesting depth of objects flattened into dotted columns. */
const FLATTEN_DEPTH = 3;
/** More distinct keys than this is no table to page through. */
const MAX_COLUMNS = 1000;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isRecord = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

function cellText(v: Json | undefined): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

function flatten(record: Record<string, Json>, prefix: string, depth: number, out: Map<string, Json>): void {
  for (const [key, value] of Object.entries(record)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isRecord(value) && depth < FLATTEN_DEPTH && Object.keys(value).length) flatten(value, name, depth + 1, out);
    else out.set(name, value);
  }
}

/** Objects → header row + rows; undefined when the keys are too many. */
function recordRows(records: readonly Record<string, Json>[], keyColumn?: readonly string[]): string[][] | undefined {
  const flat = records.map((r) => {
    const m = new Map<string, Json>();
    flatten(r, '', 1, m);
    return m;
  });
  const columns: string[] = [];
  const known = new Set<string>();
  for (const m of flat) {
    for (const k of m.keys()) {
      if (known.has(k)) continue;
      known.add(k);
      columns.push(k);
      if (columns.length > MAX_COLUMNS) return undefined;
    }
  }
  const rows = flat.map((m, i) => [...(keyColumn ? [keyColumn[i]!] : []), ...columns.map((c) => cellText(m.get(c)))]);
  return [[...(keyColumn ? [''] : []), ...columns], ...rows];
}

function tableOf(value: Json, nested: boolean): string[][] | undefined {
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined;
    if (value.every(Array.isArray)) return (value as Json[][]).map((row) => row.map(cellText));
    if (value.every(isRecord)) return recordRows(value as Record<string, Json>[]);
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value);
  if (entries.length && entries.every(([, v]) => isRecord(v))) {
    return recordRows(entries.map(([, v]) => v as Record<string, Json>), entries.map(([k]) => k));
  }
  const arrays = entries.filter(([, v]) => Array.isArray(v));
  if (!nested && arrays.length === 1) return tableOf(arrays[0]![1], true);
  return undefined;
}

/** The rows (header row first) of a JSON text, or undefined when it is no JSON or no table. */
export function jsonRows(text: string): string[][] | undefined {
  let value: Json;
  try {
    value = JSON.parse(text.replace(/^\ufeff/, '')) as Json;
  } catch {
    return undefined;
  }
  return tableOf(value, false);
}
