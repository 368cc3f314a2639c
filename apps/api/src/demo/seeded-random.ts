// A small fast PRNG of our own rather than faker's: every school draws from its own stream,
// so any school (and the people in it) can be generated on its own, in any order, and the
// output does not change when faker changes its internal generator.

const TWO_POW_32 = 4_294_967_296;

/** Murmur3's finaliser: spreads every input bit over the whole 32-bit word. */
function fmix32(input: number): number {
  let h = input >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85eb_ca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2_ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of a seed string (FNV-1a, finalised). */
export function hashSeed(seed: string): number {
  let h = 0x811c_9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x0100_0193);
  }
  return fmix32(h);
}

/** Combines a hash with more integers into a new 32-bit hash. */
export function mixHash(hash: number, ...values: number[]): number {
  let h = hash >>> 0;
  for (const value of values) {
    // Indexes may exceed 32 bits: fold the high part in as well.
    const high = Math.floor(value / TWO_POW_32);
    h = fmix32(h ^ fmix32((value >>> 0) + 0x9e37_79b9));
    if (high !== 0) h = fmix32(h ^ fmix32(high + 0x7f4a_7c15));
  }
  return h;
}

/** A uniform number in [0, 1) that depends only on its inputs. */
export function unitHash(hash: number, ...values: number[]): number {
  return mixHash(hash, ...values) / TWO_POW_32;
}

/** sfc32 (Chris Doty-Humphrey's Small Fast Counting generator), seeded from a hash. */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(hash: number, ...stream: number[]) {
    const h = mixHash(hash, ...stream);
    this.a = h;
    this.b = fmix32(h ^ 0x1234_5678);
    this.c = fmix32(h ^ 0x9abc_def0);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  /** An integer in [0, maxExclusive). */
  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  /** An integer in [min, maxExclusive). */
  between(min: number, maxExclusive: number): number {
    return min + this.int(maxExclusive - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }

  /** A string of `length` random decimal digits. */
  digits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += String(this.int(10));
    return out;
  }
}

function gcd(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}

// (a * x) mod m without leaving the exact range of a double: x is split at 16 bits.
function mulMod(a: number, x: number, m: number): number {
  const high = Math.floor(x / 65_536);
  const low = x % 65_536;
  return (((a * high) % m) * 65_536 + a * low) % m;
}

const MAX_PERMUTATION_SIZE = 10_000_000_000;

/**
 * A keyed bijection of [0, size): i -> (a*i + b) mod size with a coprime to size. It turns a
 * running index into a unique, scattered identifier without remembering the ones handed out.
 */
export class AffinePermutation {
  private readonly a: number;
  private readonly b: number;

  constructor(
    readonly size: number,
    random: SeededRandom,
  ) {
    if (!Number.isSafeInteger(size) || size < 2 || size > MAX_PERMUTATION_SIZE) {
      throw new RangeError(`permutation size out of range: ${size}`);
    }
    let a = Math.floor(size / 3) + random.int(Math.floor(size / 3));
    while (gcd(a, size) !== 1) a++;
    this.a = a;
    this.b = random.int(size);
  }

  at(index: number): number {
    if (index < 0 || index >= this.size)
      throw new RangeError(`index ${index} outside the permutation`);
    return (mulMod(this.a, index, this.size) + this.b) % this.size;
  }
}
