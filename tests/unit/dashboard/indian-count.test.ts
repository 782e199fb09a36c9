import { describe, expect, it } from 'vitest';
import { indianCount } from '../../../src/lib/counts';

describe("the tiles' counts in the Indian grouping (src/lib/counts.ts)", () => {
  it("writes every count as toLocaleString('en-IN') does", () => {
    const format = new Intl.NumberFormat('en-IN');
    const counts = [0, 7, 42, 999, 1000, 12_345, 99_999, 100_000, 123_456, 1_234_567, 20_300, 200_874, 987_654_321];
    for (let n = 1; n < 10_000_000_000; n = n * 3 + 1) counts.push(n, -n);
    for (const count of counts) expect(indianCount(count)).toBe(format.format(count));
  });
});
