// A small seeded random source for the tests that draw their inputs (fuzz-url.mjs,
// narration.test.mjs): the same inputs every run. Self-contained, so fuzz-url.mjs can also hand
// its text to the page (`seeded.toString()`).

/** xorshift32. `rand(n)` is in 0 … n − 1; `pick(items)` one of them. */
export function seeded(seed) {
  let state = seed >>> 0 || 1;
  const rand = (n) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
  return { rand, pick: (items) => items[rand(items.length)] };
}
