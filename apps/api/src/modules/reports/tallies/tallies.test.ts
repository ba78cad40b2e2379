import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { startTestApp } from '../../../test/test-app';
import { bumpTallies, monthRollup, rebuildTallies, sumTallies, type TallyBump, type TallyQuery } from './tallies';
import './stage-tallies';
import { ReportTally } from './report-tally.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.worker.stop({ graceMs: 0 });
});
afterAll(() => ctx.stop());

const Day = 86_400_000;
const day = (s: string) => new Date(`${s}T00:00:00.000Z`);

/** Sums per key from the day documents alone (groupBy day never reads the month roll-up). */
async function fromDays(q: Omit<TallyQuery, 'groupBy'>, keys: string[]) {
  const out: Record<string, Record<string, number>> = {};
  for (const key of keys) {
    for (const row of await sumTallies({ ...q, keys: [key], groupBy: 'day' })) {
      const sums = (out[key] ??= {});
      for (const [c, v] of Object.entries(row.sums)) sums[c] = (sums[c] ?? 0) + v;
    }
  }
  return out;
}

describe('month roll-ups of the day tallies', () => {
  it('answer every range exactly as the day documents do, whole months or not', async () => {
    const customerId = new Types.ObjectId();
    const tenant = { customerId };
    // Three sources over five months (1 Jan to 31 May 2026), one bump a day each, in two transactions' worth of writes.
    const bumps: TallyBump[] = [];
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let t = day('2026-01-01').getTime(); t < day('2026-06-01').getTime(); t += Day) {
      for (const key of ['career_site', 'referral', 'agency']) bumps.push({ customerId, dim: 'src', key, at: new Date(t + 3_600_000), inc: { applied: 1 + Math.floor(next() * 5), 'entered.interview': Math.floor(next() * 3) } });
    }
    await bumpTallies(bumps.slice(0, 200));
    await bumpTallies(bumps.slice(200));
    expect(await ReportTally.countDocuments({ customerId, dim: monthRollup('src') })).toBe(15);

    const counters = ['applied', 'entered.interview'];
    const keys = ['agency', 'career_site', 'referral'];
    const ranges: [Date | undefined, Date | undefined][] = [
      [day('2026-01-01'), day('2026-06-01')], // whole months only
      [day('2026-01-17'), day('2026-05-09')], // partial months at both ends
      [day('2026-02-03'), day('2026-02-20')], // within one month
      [day('2026-03-01'), day('2026-03-31')], // a month but its last day
      [undefined, day('2026-04-12')], // from the beginning (history-pipeline)
      [day('2026-04-30'), undefined],
    ];
    for (const [from, until] of ranges) {
      const q = { tenant, crossTenant: false, dim: 'src' as const, counters, from, until };
      const expected = await fromDays(q, keys);
      const byKey = await sumTallies({ ...q, groupBy: 'key' });
      expect(Object.fromEntries(byKey.map((r) => [r.id, r.sums]))).toEqual(expected);
      const [all] = await sumTallies({ ...q, groupBy: 'none' });
      expect(all!.sums.applied).toBe(keys.reduce((n, k) => n + expected[k]!.applied!, 0));
      const byMonth = await sumTallies({ ...q, groupBy: 'month' });
      expect(byMonth.reduce((n, r) => n + r.sums.applied!, 0)).toBe(all!.sums.applied);
      expect(byMonth.map((r) => r.id)).toEqual([...byMonth.map((r) => r.id)].sort());
    }
  });
});

describe('the tally repair', () => {
  it('replaces the figures month by month and empties months that no raw event backs', async () => {
    const customerId = new Types.ObjectId();
    // Drifted figures: two months of stage counters with no stage event behind them, day and month documents.
    await bumpTallies([
      { customerId, dim: 'src', key: 'career_site', at: new Date('2025-01-10T10:00:00Z'), inc: { applied: 4 } },
      { customerId, dim: 'src', key: 'career_site', at: new Date('2025-03-02T10:00:00Z'), inc: { applied: 2 } },
    ]);
    expect(await ReportTally.countDocuments({ customerId, dim: { $in: ['src', monthRollup('src')] } })).toBe(4);
    await rebuildTallies(customerId);
    expect(await ReportTally.countDocuments({ customerId, dim: { $in: ['src', monthRollup('src')] } })).toBe(0);
  });
});
