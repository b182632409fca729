/**
 * One console warning per distinct key: a block renders many times, the page author needs to read a warning once.
 * The one set for the resolver, the UI strings, the block definitions and the legacy layer.
 */
const warned = new Set<string>();

/** Warns with `message` unless a warning with the same `key` (by default the message itself) was given already. */
export function warnOnce(message: string, key = message): void {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(message);
}

/** Tests only: forget which warnings were given. */
export function resetWarnings(): void {
  warned.clear();
}
