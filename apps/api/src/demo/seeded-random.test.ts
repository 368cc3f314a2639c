import { describe, expect, it } from 'vitest';
import { AffinePermutation, SeededRandom, hashSeed } from './seeded-random';

describe('SeededRandom', () => {
  it('repeats for the same seed and stream, and differs between streams', () => {
    const draw = (stream: number): number[] => {
      const random = new SeededRandom(hashSeed('demo'), stream);
      return Array.from({ length: 5 }, () => random.nextUint32());
    };
    expect(draw(1)).toEqual(draw(1));
    expect(draw(1)).not.toEqual(draw(2));
  });

  it('stays in range', () => {
    const random = new SeededRandom(hashSeed('x'));
    for (let i = 0; i < 10_000; i++) {
      const value = random.next();
      expect(value >= 0 && value < 1).toBe(true);
    }
  });
});

describe('AffinePermutation', () => {
  it.each([2, 97, 1000, 989_901])('is a bijection of [0, %i)', (size) => {
    const permutation = new AffinePermutation(size, new SeededRandom(hashSeed('p'), size));
    const seen = new Uint8Array(size);
    for (let i = 0; i < size; i++) seen[permutation.at(i)] = 1;
    expect(seen.every((bit) => bit === 1)).toBe(true);
  });

  it('stays exact at its largest size', () => {
    const size = 10_000_000_000;
    const permutation = new AffinePermutation(size, new SeededRandom(hashSeed('big')));
    const values = new Set<number>();
    for (const i of [0, 1, 2, size - 2, size - 1, 123_456_789, 9_876_543_210]) {
      const value = permutation.at(i);
      expect(Number.isSafeInteger(value) && value >= 0 && value < size).toBe(true);
      values.add(value);
    }
    expect(values.size).toBe(7);
  });
});
