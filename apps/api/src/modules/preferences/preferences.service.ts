import { ApprovalKinds } from '@hireflow/contracts/approvals';
import type { Types } from 'mongoose';
import {
  NotificationMailKinds,
  NotificationMailLabels,
  PreferencesMessages,
  type TChangePasswordRequest,
  type TNotificationMailKind,
  type TNotificationPreferences,
  type TProfileUpdateRequest,
} from '@hireflow/contracts/preferences';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { hashPassword, passwordMatches } from '../auth/auth.crypto';
import { Session } from '../auth/session.model';
import { Location } from '../org/location.model';
import { User, type UserDoc } from '../users/user.model';
import { presentUser } from '../users/users.presenter';
import { UserPreference } from './user-preference.model';

type Me = { userId: Types.ObjectId; customerId: Types.ObjectId | null };

async function loadMe({ userId, customerId }: Me) {
  const user = await User.findOne({ _id: userId, customerId });
  if (!user) throw AppError.notFound('User');
  return user;
}

export async function getProfile(me: Me) {
  return { user: await presentUser((await loadMe(me)).toObject() as UserDoc) };
}

/** My own name, mobile, time zone and location (a location of my company). */
export async function updateProfile(me: Me, input: TProfileUpdateRequest) {
  const user = await loadMe(me);
  if (input.location) {
    if (!me.customerId || !(await Location.exists({ _id: input.location, customerId: me.customerId }))) throw AppError.notFound('Location');
  }
  user.set({ firstName: input.firstName, lastName: input.lastName, mobile: input.mobile ?? '', timezone: input.timezone, location: input.location ?? null });
  await user.save();
  return { user: await presentUser(user.toObject() as UserDoc) };
}

/** Needs the current password; the new one ends every other session (this one stays signed in). */
export async function changePassword(me: Me & { sessionId: Types.ObjectId; config: Pick<Config, 'bcryptCost'> }, input: TChangePasswordRequest) {
  const user = await loadMe(me);
  if (!user.passwordHash) throw AppError.badRequest(PreferencesMessages.noPasswordYet);
  if (!(await passwordMatches(input.currentPassword, user.passwordHash))) throw AppError.badRequest(PreferencesMessages.wrongCurrentPassword);
  const passwordHash = await hashPassword(me.config, input.newPassword);
  await User.updateOne({ _id: user._id, customerId: me.customerId }, { $set: { passwordHash } });
  await Session.updateMany({ userId: user._id, _id: { $ne: me.sessionId }, revokedAt: null }, { $set: { revokedAt: new Date() } });
  return { message: PreferencesMessages.passwordChanged };
}

const defaults = () => Object.fromEntries(NotificationMailKinds.map((k) => [k, NotificationMailLabels[k].default])) as TNotificationPreferences;

export async function getNotifications(me: Me) {
  const row = await UserPreference.findOne({ customerId: me.customerId, userId: me.userId }).lean();
  return { notifications: { ...defaults(), ...pickKinds(row?.notifications) } };
}

function pickKinds(value: unknown): Partial<TNotificationPreferences> {
  const source = (value ?? {}) as Record<string, unknown>;
  return Object.fromEntries(NotificationMailKinds.filter((k) => typeof source[k] === 'boolean').map((k) => [k, source[k]]));
}

export async function updateNotifications(me: Me, input: Partial<TNotificationPreferences>) {
  const set = Object.fromEntries(Object.entries(input).map(([k, v]) => [`notifications.${k}`, v]));
  await UserPreference.updateOne({ customerId: me.customerId, userId: me.userId }, { $set: set }, { upsert: true });
  return getNotifications(me);
}

/**
 * Which preference governs a notification mail, by the mail's kind. Kinds not listed (account mails:
 * verification, one-time codes, password reset, invitations) are always sent.
 */
const preferenceOfMailKind: Record<string, TNotificationMailKind> = {
  // The approvals module's mails: `${kind}-approval-request`, `${kind}-rejected`, `${kind}-approved`.
  ...Object.fromEntries(ApprovalKinds.flatMap((k) => [`${k}-approval-request`, `${k}-rejected`, `${k}-approved`].map((m) => [m, 'approvalRequests' as const]))),
  // A friend referred to a job the recruiter owns (referrals/refer/refer.mail.ts).
  'referral-received': 'candidateApplied',
  // Referral rewards (referrals/rewards/reward-notices.ts): hired, payable, paid, forfeited.
  'referral-reward': 'referralUpdates',
};

export function notificationKindOfMail(mailKind: string): TNotificationMailKind | null {
  return preferenceOfMailKind[mailKind] ?? null;
}

/** For modules that send mail: whether this user wants this kind (defaults apply when never set). */
export async function wantsMail(userId: Types.ObjectId, customerId: Types.ObjectId | null, kind: TNotificationMailKind): Promise<boolean> {
  const { notifications } = await getNotifications({ userId, customerId });
  return notifications[kind];
}


