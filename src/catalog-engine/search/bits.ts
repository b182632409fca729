/**
 * Doc-number sets as bitmaps (one bit per doc id): intersections, unions and membership tests of whole posting
 * lists cost words, not docs — a 150,000-doc store is 4,700 words.
 */
export type Bits = Uint32Array;

export function emptyBits(capacity: number): Bits {
  return new Uint32Array((capacity + 31) >>> 5);
}

export function bitsOf(docs: ArrayLike<number>, capacity: number): Bits {
  const out = emptyBits(capacity);
  orDocs(out, docs);
  return out;
}

/** bits ∪= docs (a list, one doc, or a bitmap) */
export function orDocs(bits: Bits, docs: ArrayLike<number> | number | Bits): void {
  if (typeof docs === 'number') {
    bits[docs >>> 5]! |= 1 << (docs & 31);
    return;
  }
  if (docs instanceof Uint32Array) {
    orInto(bits, docs);
    return;
  }
  for (let i = 0; i < docs.length; i++) bits[docs[i]! >>> 5]! |= 1 << (docs[i]! & 31);
}

export function has(bits: Bits, doc: number): boolean {
  return ((bits[doc >>> 5] ?? 0) & (1 << (doc & 31))) !== 0;
}

export function set(bits: Bits, doc: number): void {
  bits[doc >>> 5]! |= 1 << (doc & 31);
}

/** a ∩= b */
export function andInto(a: Bits, b: Bits): void {
  for (let i = 0; i < a.length; i++) a[i]! &= b[i] ?? 0;
}

/** a ∪= b */
export function orInto(a: Bits, b: Bits): void {
  for (let i = 0; i < a.length; i++) a[i]! |= b[i] ?? 0;
}

/** a −= b */
export function andNotInto(a: Bits, b: Bits): void {
  for (let i = 0; i < a.length; i++) a[i]! &= ~(b[i] ?? 0);
}

function popcount32(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function count(bits: Bits): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) if (bits[i] !== 0) n += popcount32(bits[i]!);
  return n;
}

/** Set doc ids in ascending order. */
export function toArray(bits: Bits): number[] {
  const out: number[] = [];
  for (let i = 0; i < bits.length; i++) {
    let w = bits[i]!;
    while (w !== 0) {
      const low = w & -w;
      out.push((i << 5) + 31 - Math.clz32(low));
      w ^= low;
    }
  }
  return out;
}

/** |docs ∩ bits| for a doc list, one doc, or a bitmap. */
export function countIn(docs: ArrayLike<number> | number | Bits, bits: Bits): number {
  if (typeof docs === 'number') return (bits[docs >>> 5]! & (1 << (docs & 31))) !== 0 ? 1 : 0;
  if (docs instanceof Uint32Array) {
    let n = 0;
    for (let i = 0; i < bits.length && i < docs.length; i++) if ((bits[i]! & docs[i]!) !== 0) n += popcount32(bits[i]! & docs[i]!);
    return n;
  }
  let n = 0;
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i]!;
    if ((bits[d >>> 5]! & (1 << (d & 31))) !== 0) n++;
  }
  return n;
}
