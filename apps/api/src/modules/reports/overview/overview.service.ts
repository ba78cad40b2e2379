import type { Types } from 'mongoose';
import type { TReportsOverview } from '@hireflow/contracts/reports';

/** The /reports overview of a company: open jobs, applications this month, median time to hire, offer acceptance, with trends. */
export async function reportsOverview(_customerId: Types.ObjectId, now: Date): Promise<TReportsOverview> {
  return { cards: [], generatedAt: now.toISOString() };
}
