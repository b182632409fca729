/**
 * The one bounded cache of the engine: a Map kept in use order, `max` entries at most (the least recently set goes
 * first). The store client's entries, resources, searches and inverse answers and a search scope's answers, counts and
 * agents all go through it, so a long session on a large catalog holds a bounded amount (issue 13 point 3).
 */
export function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
  return value;
}
