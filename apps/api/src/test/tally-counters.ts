/**
 * A tally's counters as a comparison sees them: zero counters (an open visit that ended) are the same as
 * absent ones, keys are sorted, and fractional day sums are rounded past float noise.
 */
export function comparableCounters(n: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(n).sort()) {
    const v = n[k];
    if (v && typeof v === 'object') {
      const inner = comparableCounters(v as Record<string, unknown>);
      if (Object.keys(inner).length) out[k] = inner;
    } else if (typeof v === 'number' && Math.abs(v) > 1e-9) out[k] = Math.round(v * 1e6) / 1e6;
  }
  return out;
}
