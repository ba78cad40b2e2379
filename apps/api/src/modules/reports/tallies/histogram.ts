/**
 * Durations kept as a histogram in the tallies (so a median over millions of visits is a sum of a few
 * thousand small documents): whole days 0..30, then wider bins. A percentile is read from the bins,
 * interpolated inside the bin it falls in; below 31 days that is exact to the day.
 */
export const DayBinEdges = [...Array.from({ length: 31 }, (_, d) => d), 31, 45, 60, 90, 120, 180, 365] as const;

/** The bin of a duration in days (fractional allowed): the index of the last edge not above it. */
export function dayBin(days: number): number {
  const d = Math.max(0, days);
  let i = 0;
  while (i + 1 < DayBinEdges.length && DayBinEdges[i + 1]! <= d) i += 1;
  return i;
}

/** Counter names of a histogram: `${prefix}.b0` ... */
export const binCounters = (prefix: string) => DayBinEdges.map((_, i) => `${prefix}.b${i}`);

/** The p-th percentile (0-100) of a histogram given as counts per bin; null when it is empty. */
export function histogramPercentile(counts: readonly number[], p: number, edges: readonly number[] = DayBinEdges): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const rank = (p / 100) * total;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i] ?? 0;
    if (c > 0 && seen + c >= rank) {
      const lo = edges[i]!;
      // The last bin is open-ended: report its lower edge rather than invent an upper one.
      if (i + 1 >= edges.length) return lo;
      const width = edges[i + 1]! - lo;
      // Unit-wide bins are exact (a duration of 3.4 days counts as day 3, 5.5 hours as hour 5).
      if (width === 1) return lo;
      return Math.round((lo + (width * (rank - seen)) / c) * 10) / 10;
    }
    seen += c;
  }
  return edges[edges.length - 1]!;
}

/**
 * Short turnarounds (a scorecard written after an interview) in hours: whole hours 0..48, then wider bins
 * up to a month. The same `histogramPercentile` reads them (pass HourBinEdges).
 */
export const HourBinEdges = [...Array.from({ length: 49 }, (_, h) => h), 60, 72, 96, 120, 168, 240, 336, 504, 720] as const;
const HourMs = 3_600_000;
/** The bin of a duration given in milliseconds (compared in whole milliseconds, as the raw aggregations do). */
export function hourBinOfMs(ms: number): number {
  const d = Math.max(0, ms);
  let i = 0;
  while (i + 1 < HourBinEdges.length && HourBinEdges[i + 1]! * HourMs <= d) i += 1;
  return i;
}
export const hourBinCounters = (prefix: string) => HourBinEdges.map((_, i) => `${prefix}.b${i}`);
