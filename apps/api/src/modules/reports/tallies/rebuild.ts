import type { Types } from 'mongoose';
import { rebuildTallies } from './tallies';
import { rebuildVacancyHistories } from '../activity/vacancy-history';
import { rebuildKindCounts } from '../../jobs/stage-counts';
// Each area's tally writers register their rebuilder when imported: list them all here.
import './stage-tallies';
import '../activity/activity-tallies';
import '../interviews/interview-tallies';

/** Recomputes a company's maintained report figures (tallies, jobs' vacancy histories and kind counts) from its raw events (the repair command and the demo seed). */
export async function rebuildAllTallies(customerId: Types.ObjectId) {
  const tallies = await rebuildTallies(customerId);
  await rebuildVacancyHistories(customerId);
  await rebuildKindCounts(customerId);
  return tallies;
}
