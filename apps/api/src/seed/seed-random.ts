/** Deterministic pseudo-random numbers (mulberry32), so every fresh start shows the same demo. */
export function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of the options, each as likely as its weight (the weights add up to 1). */
export function weighted<T>(random: () => number, options: [T, number][]): T {
  let r = random();
  for (const [value, weight] of options) if ((r -= weight) < 0) return value;
  return options[options.length - 1]![0];
}
