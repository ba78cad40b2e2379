import type { Types } from 'mongoose';
import { rebuildTallies } from './tallies';
// Each area's tally writers register their rebuilder when imported: list them all here.
import './stage-tallies';
import '../activity/activity-tallies';
import '../interviews/interview-tallies';

/** Recomputes a company's maintained report figures from its raw events (the repair command and the demo seed). */
export async function rebuildAllTallies(customerId: Types.ObjectId) {
  return rebuildTallies(customerId);
}
