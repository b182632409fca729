/** Accept-header negotiation (q-values, wildcards) over a list of offered media types. */
export interface AcceptItem {
  type: string;
  q: number;
}

export function parseAccept(header: string | undefined): AcceptItem[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => {
      const [type, ...params] = part.trim().split(';');
      const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qp ? Number(qp.slice(2)) : 1;
      return { type: (type ?? '').trim().toLowerCase(), q: Number.isFinite(q) ? q : 0 };
    })
    .filter((a) => a.type && a.q > 0);
}

/**
 * Best offered type for the Accept header; exact matches only (a lone `*\/*` matches nothing, so the caller's
 * default applies, as in EntryStore where `Accept: *\/*` gives RDF/XML).
 */
export function negotiate(header: string | undefined, offered: readonly string[]): string | undefined {
  let best: { type: string; q: number } | undefined;
  for (const a of parseAccept(header)) {
    if (!offered.includes(a.type)) continue;
    if (!best || a.q > best.q) best = a;
  }
  return best?.type;
}

/** Does the client prefer JSON (Accept names a JSON type, or format=…json)? */
export function prefersJson(accept: string | undefined, format?: string): boolean {
  if (format) return /json/.test(format);
  return parseAccept(accept).some((a) => /json/.test(a.type));
}

/** The media type of a request body, lower-cased, without parameters ('' when no Content-Type was sent). */
export function bodyMediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}
