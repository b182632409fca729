/**
 * MD5, only to name EntryStore's per-predicate Solr fields (`metadata.predicate.uri.<h8>`). A few hundred bytes
 * instead of a crypto dependency; Web Crypto has no MD5 and would be async anyway.
 */

/** Per-round left-rotation amounts, four per round. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
/** Message word of step i in round r: (WORD_STEP[r] · i + WORD_START[r]) mod 16, as RFC 1321 orders them. */
const WORD_STEP = [1, 5, 3, 7];
const WORD_START = [0, 1, 5, 0];
/** K[i] = floor(|sin(i + 1)| · 2^32), as RFC 1321 defines them. */
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

/** Lower-case hex MD5 of the UTF-8 bytes of `text`. */
export function md5Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const blocks = ((bytes.length + 8) >>> 6) + 1;
  const words = new Uint32Array(blocks * 16);
  for (let i = 0; i < bytes.length; i++) words[i >> 2]! |= bytes[i]! << ((i & 3) * 8);
  words[bytes.length >> 2]! |= 0x80 << ((bytes.length & 3) * 8);
  words[blocks * 16 - 2] = (bytes.length * 8) >>> 0;
  words[blocks * 16 - 1] = Math.floor(bytes.length / 0x20000000);

  const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let offset = 0; offset < words.length; offset += 16) {
    let [a, b, c, d] = state as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      const f = round === 0 ? (b & c) | (~b & d) : round === 1 ? (d & b) | (~d & c) : round === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const g = (WORD_STEP[round]! * i + WORD_START[round]!) & 15;
      const sum = (a + f + K[i]! + words[offset + g]!) | 0;
      const shift = SHIFTS[(round << 2) | (i & 3)]!;
      [a, d, c] = [d, c, b];
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    [a, b, c, d].forEach((v, k) => (state[k] = (state[k]! + v) | 0));
  }

  let hex = '';
  for (const word of state) {
    for (let byte = 0; byte < 4; byte++) hex += ((word >>> (byte * 8)) & 0xff).toString(16).padStart(2, '0');
  }
  return hex;
}

/** `<h8>` of entrystore-api.md §2.4: first 8 hex chars of MD5 over the full predicate IRI. */
export function predicateHash(iri: string): string {
  return md5Hex(iri).slice(0, 8);
}
