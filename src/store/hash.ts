/**
 * MD5, only to name EntryStore's per-predicate Solr fields (`metadata.predicate.uri.<h8>`). A few hundred bytes
 * instead of a crypto dependency; Web Crypto has no MD5 and would be async anyway.
 */

/** Per-round left-rotation amounts, four per round. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
/** Message word of step i in round r: (WORD_STEP[r] · i + WORD_START[r]) mod 16, as RFC 1321 orders them. */
const WORD_STEP = [1, 5, 3, 7];
const WORD_START = [0, 1, 5, 0];
/** K[i] = floor(|sin(i + 1)| · 2^32), as RFC 1321 defines them (`>>> 0` truncates: the floor). */
const K = Array.from({ length: 64 }, (_, i) => (Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

/** Lower-case hex MD5 of the UTF-8 bytes of `text`. */
export function md5Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const n = bytes.length;
  // Padded to whole 64-byte blocks; a Uint32Array keeps what it is given modulo 2^32, truncated.
  const words = new Uint32Array((((n + 8) >>> 6) + 1) * 16);
  bytes.forEach((byte, i) => (words[i >> 2]! |= byte << ((i & 3) * 8)));
  words[n >> 2]! |= 0x80 << ((n & 3) * 8);
  words[words.length - 2] = n * 8;
  words[words.length - 1] = n / 0x20000000;

  const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let offset = 0; offset < words.length; offset += 16) {
    let [a, b, c, d] = state as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      const f = round === 0 ? (b & c) | (~b & d) : round === 1 ? (d & b) | (~d & c) : round === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const sum = (a + f + K[i]! + words[offset + ((WORD_STEP[round]! * i + WORD_START[round]!) & 15)]!) | 0;
      const shift = SHIFTS[(round << 2) | (i & 3)]!;
      [a, d, c] = [d, c, b];
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    [a, b, c, d].forEach((v, k) => (state[k] = (state[k]! + v) | 0));
  }
  // Each word's bytes low first, two hex digits each (`| 256` then dropping the 1 keeps a leading zero).
  return state.map((word) => [0, 8, 16, 24].map((bit) => (((word >>> bit) & 255) | 256).toString(16).slice(1)).join('')).join('');
}

/** `<h8>` of entrystore-api.md §2.4: first 8 hex chars of MD5 over the full predicate IRI. */
export function predicateHash(iri: string): string {
  return md5Hex(iri).slice(0, 8);
}
