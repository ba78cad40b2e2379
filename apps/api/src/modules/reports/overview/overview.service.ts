import type { Types } from 'mongoose';
import type { TOverviewCard, TReportsOverview } from '@hireflow/contracts/reports';
import { Job } from '../../jobs/job.model';
import { StatusEvent } from '../../jobs/status-event.model';
import { OfferEvent } from '../../offers/offer-event.model';
import { percent } from '../report-kit';
import { histogramPercentile } from '../tallies/histogram';
import { tthCounters } from '../tallies/stage-tallies';
import { sumTallies } from '../tallies/tallies';

/**
 * The /reports overview of a company: four cards, each with the figure one period earlier and a
 * six-month trend, all computed by a handful of small aggregations:
 * - open jobs: jobs open now (the Job collection), against those open at the start of the month (the last
 *   status event of each job before it); trend: jobs opened per month (status events to open, not a
 *   resume from on hold);
 * - applications this month (so far) against last month: the `applied` tallies, by month;
 * - median time to hire of the hires in the last 90 days against the 90 days before: the time-to-hire
 *   histograms of the tallies (the same bins as the time-to-hire report); trend: per month;
 * - offer acceptance: accepted / (accepted + declined) of the offers decided in the last 90 days against
 *   the 90 before, from the offer events (index customerId+kind+at); trend: per month.
 * Days are UTC days; "the last 90 days" are the 90 days ending today, today included.
 */
const DayMs = 86_400_000;
const TrendMonths = 6;

const monthKey = (d: Date) => d.toISOString().slice(0, 7);
const dayKey = (d: Date) => d.toISOString().slice(0, 10);
const addMonths = (d: Date, n: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
const monthLabel = (d: Date) => d.toLocaleString('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export async function reportsOverview(customerId: Types.ObjectId, now: Date): Promise<TReportsOverview> {
  const today = new Date(Math.floor(now.getTime() / DayMs) * DayMs);
  const tomorrow = new Date(today.getTime() + DayMs);
  const last90From = new Date(tomorrow.getTime() - 90 * DayMs);
  const prev90From = new Date(last90From.getTime() - 90 * DayMs);
  const thisMonth = addMonths(today, 0);
  const months = Array.from({ length: TrendMonths }, (_, i) => addMonths(thisMonth, i - (TrendMonths - 1)));
  const firstMonth = months[0]!;
  const earliest = new Date(Math.min(firstMonth.getTime(), prev90From.getTime()));
  const tenant = { customerId };

  const [openNow, openAtMonthStart, openedByMonth, srcByDay, offersByDay] = await Promise.all([
    Job.countDocuments({ customerId, status: 'open' }),
    StatusEvent.aggregate<{ n: number }>([
      { $match: { customerId, entity: 'job', at: { $lt: thisMonth } } },
      { $sort: { entityId: 1, at: 1, _id: 1 } },
      { $group: { _id: '$entityId', last: { $last: '$to' } } },
      { $match: { last: 'open' } },
      { $count: 'n' },
    ]),
    StatusEvent.aggregate<{ _id: string; n: number }>([
      { $match: { customerId, entity: 'job', to: 'open', from: { $ne: 'on_hold' }, at: { $gte: firstMonth, $lt: tomorrow } } },
      { $group: { _id: { $dateToString: { date: '$at', format: '%Y-%m' } }, n: { $sum: 1 } } },
    ]),
    sumTallies({ tenant, crossTenant: false, dim: 'src', counters: ['applied', ...tthCounters()], from: earliest, until: tomorrow, groupBy: 'day' }),
    OfferEvent.aggregate<{ _id: { day: string; kind: 'accepted' | 'declined' }; n: number }>([
      { $match: { customerId, kind: { $in: ['accepted', 'declined'] }, at: { $gte: earliest, $lt: tomorrow } } },
      { $group: { _id: { day: { $dateToString: { date: '$at', format: '%Y-%m-%d' } }, kind: '$kind' }, n: { $sum: 1 } } },
    ]),
  ]);

  // Small post-processing of the grouped rows: at most a few hundred days.
  const inDays = (day: string, from: Date, until: Date) => day >= dayKey(from) && day < dayKey(until);
  const inMonth = (day: string, month: Date) => day.slice(0, 7) === monthKey(month);
  const tth = tthCounters();
  const bins = (pick: (day: string) => boolean) => {
    const counts = tth.map(() => 0);
    for (const r of srcByDay) if (pick(r.id)) tth.forEach((c, i) => (counts[i]! += r.sums[c] ?? 0));
    return counts;
  };
  const applied = (pick: (day: string) => boolean) => srcByDay.reduce((n, r) => n + (pick(r.id) ? (r.sums.applied ?? 0) : 0), 0);
  const acceptance = (pick: (day: string) => boolean) => {
    let accepted = 0;
    let decided = 0;
    for (const r of offersByDay) {
      if (!pick(r._id.day)) continue;
      decided += r.n;
      if (r._id.kind === 'accepted') accepted += r.n;
    }
    return percent(accepted, decided);
  };
  const trend = (value: (month: Date) => number | null) => months.map((m) => ({ label: monthLabel(m), value: value(m) }));
  const last90 = (day: string) => inDays(day, last90From, tomorrow);
  const prev90 = (day: string) => inDays(day, prev90From, last90From);
  const lastMonth = addMonths(thisMonth, -1);

  const cards: TOverviewCard[] = [
    {
      key: 'openJobs',
      label: 'Open jobs',
      value: openNow,
      previous: openAtMonthStart[0]?.n ?? 0,
      kind: 'count',
      trend: trend((m) => openedByMonth.find((r) => r._id === monthKey(m))?.n ?? 0),
      hint: 'Jobs open now, against those open at the start of the month. The trend: jobs opened per month.',
    },
    {
      key: 'applicationsThisMonth',
      label: 'Applications this month',
      value: applied((d) => inMonth(d, thisMonth)),
      previous: applied((d) => inMonth(d, lastMonth)),
      kind: 'count',
      trend: trend((m) => applied((d) => inMonth(d, m))),
      hint: 'Applications received this month so far, against the whole of last month.',
    },
    {
      key: 'medianTimeToHire',
      label: 'Median time to hire',
      value: histogramPercentile(bins(last90), 50),
      previous: histogramPercentile(bins(prev90), 50),
      kind: 'days',
      trend: trend((m) => histogramPercentile(bins((d) => inMonth(d, m)), 50)),
      hint: 'Calendar days from application (first contact for sourced candidates) to hire, of the hires in the last 90 days against the 90 days before.',
    },
    {
      key: 'offerAcceptance',
      label: 'Offer acceptance',
      value: acceptance(last90),
      previous: acceptance(prev90),
      kind: 'percent',
      trend: trend((m) => acceptance((d) => inMonth(d, m))),
      hint: 'Offers accepted of those accepted or declined in the last 90 days, against the 90 days before.',
    },
  ];
  return { cards, generatedAt: now.toISOString() };
}
