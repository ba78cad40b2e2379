import { Types } from 'mongoose';
import { SpotlightLimits, SpotlightMessages, spotlightRolesOf, type TMySpotlightResponse, type TSpotlightDismissResponse } from '@hireflow/contracts/spotlight';
import { AppError } from '../../lib/app-error';
import type { UserDoc } from '../users/user.model';
import { Spotlight, SpotlightDismissal, type SpotlightDoc } from './spotlight.model';
import { presentSpotlightItem } from './spotlight.presenter';

type Viewer = Pick<UserDoc, '_id' | 'customerId' | 'admin' | 'role' | 'addlRoles' | 'superAdmin'>;

/** At most this many live announcements are considered per request before dismissals are taken out. */
const LiveLimit = 100;

/** The filter of what speaks to this user now: their company (or all), one of their roles, within its dates. */
function liveFilterFor(user: Viewer, now: Date): Record<string, unknown> | null {
  const roles = spotlightRolesOf(user);
  if (!user.customerId || roles.length === 0) return null;
  return {
    $or: [{ allCompanies: true }, { companyIds: user.customerId }],
    validTo: { $gt: now },
    validFrom: { $lte: now },
    roles: { $in: roles },
  };
}

/** The announcements on the signed-in user's dashboard now, newest first, without those they hid. */
export async function announcementsFor({ user, now }: { user: Viewer; now: number }): Promise<TMySpotlightResponse> {
  const filter = liveFilterFor(user, new Date(now));
  if (!filter) return { items: [] };
  const live = (await Spotlight.find(filter).sort({ validFrom: -1, _id: -1 }).limit(LiveLimit).lean()) as SpotlightDoc[];
  if (live.length === 0) return { items: [] };
  const hidden = await SpotlightDismissal.find({ userId: user._id, announcementId: { $in: live.map((d) => d._id) } }, { announcementId: 1 }).lean();
  const hiddenIds = new Set(hidden.map((h) => String(h.announcementId)));
  return { items: live.filter((d) => !hiddenIds.has(String(d._id))).slice(0, SpotlightLimits.maxShown).map(presentSpotlightItem) };
}

/** Hides an announcement for this user only; hiding it twice is the same as once. One they cannot see is 404. */
export async function dismissAnnouncement({ user, id, now }: { user: Viewer; id: string; now: number }): Promise<TSpotlightDismissResponse> {
  const filter = liveFilterFor(user, new Date(now));
  const _id = new Types.ObjectId(id);
  if (!filter || !(await Spotlight.exists({ ...filter, _id }))) throw AppError.notFound('Announcement');
  try {
    await SpotlightDismissal.updateOne({ userId: user._id, announcementId: _id }, { $setOnInsert: { at: new Date(now) } }, { upsert: true });
  } catch (error) {
    // Two clicks at once: the other one stored it (unique per user and announcement).
    if ((error as { code?: number }).code !== 11000) throw error;
  }
  return { id, message: SpotlightMessages.dismissed };
}
