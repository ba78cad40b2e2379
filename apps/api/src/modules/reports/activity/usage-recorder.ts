import type { RequestHandler } from 'express';
import type { Types } from 'mongoose';
import { clockOf } from '../../../lib/clock';
import { bumpTallies } from '../tallies/tallies';

/**
 * Usage counters of the report tallies (dimension user, per UTC day): `signIns` (one per session started,
 * sign-in.service startSession) and `actions` (one per successful change a signed-in company user makes
 * through the API). They have no raw source: the tally is the record, and a rebuild keeps them.
 */
const Mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function recordSignIn(customerId: Types.ObjectId | null | undefined, userId: Types.ObjectId, at: Date) {
  // The platform super admin belongs to no company: not counted.
  if (!customerId) return;
  await bumpTallies([{ customerId, dim: 'user', key: String(userId), at, inc: { signIns: 1 } }]);
}

/**
 * Counts one action per successful (status < 400) POST/PUT/PATCH/DELETE of a signed-in company user, once the
 * response has finished (requireAuth sets req.auth further down the chain). Never delays or fails the request.
 */
export const recordUsage: RequestHandler = (req, res, next) => {
  if (!Mutating.has(req.method)) return next();
  res.on('finish', () => {
    const auth = req.auth;
    if (!auth?.customerId || res.statusCode >= 400) return;
    const at = new Date(clockOf(req).now());
    bumpTallies([{ customerId: auth.customerId, dim: 'user', key: String(auth.userId), at, inc: { actions: 1 } }]).catch((error: unknown) => {
      req.log?.warn({ err: error }, 'usage: an action could not be counted');
    });
  });
  next();
};
