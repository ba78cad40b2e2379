import type { Logger } from 'pino';
import type { Types } from 'mongoose';
import { ErrorCodes } from '@hireflow/contracts/errors';
import { UserMessages } from '@hireflow/contracts/users';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { hitRateLimit, type RateRule } from '../../lib/rate-limit';
import { sendSetPasswordInvite } from '../auth/password-reset.service';
import { enqueueJobs, type JobDefinition } from '../../lib/job-queue';
import { User, type UserDoc } from './user.model';
import { findCompanyUser } from './users.service';

type InvitationContext = { config: Config; logger: Logger };
type Invitee = Pick<UserDoc, '_id' | 'email' | 'firstName' | 'customerId'>;

/** Invitation mails to one user: enough for a few retries, not enough to flood their mailbox. */
export const InvitationMailRule: RateRule = { name: 'user-invitation-mail', max: 5, windowSeconds: 60 * 60 };

/** A user added by an admin (or an import) gets the auth module's set-password invitation. */
export function sendUserInvitation({ config, logger, user }: InvitationContext & { user: Invitee }) {
  return sendSetPasswordInvite({ config, logger }, user);
}

/**
 * The invitation of one imported user, as a queue job: the set-password link is made and its mail sent
 * (the mail job retries on its own), by any instance, also after a restart. A user who meanwhile set a
 * password, was deactivated or removed is skipped.
 */
export const InviteImportedUserJob: JobDefinition<{ userId: string; customerId: string }> = {
  name: 'users.invite',
  maxAttempts: 3,
  handler: async ({ userId, customerId }, { config, logger }) => {
    const user = await User.findOne({ _id: userId, customerId }, { email: 1, firstName: 1, customerId: 1, status: 1, emailVerification: 1 }).lean();
    if (!user || user.status !== 'active' || user.emailVerification?.status) return { skipped: true };
    const { delivered } = await sendUserInvitation({ config, logger, user });
    return { delivered };
  },
  onFailed: ({ userId }, error, { logger }) => {
    logger.error({ userId, err: error }, 'import invitation could not be prepared; the admin can resend it from the user list');
  },
};

/** Queues the invitations of a bulk import: they survive a restart, and the workers send a few at a time. */
export async function queueImportInvitations(users: Invitee[]) {
  return enqueueJobs(
    InviteImportedUserJob.name,
    users.map((user) => ({
      payload: { userId: String(user._id), customerId: String(user.customerId) },
      opts: { customerId: user.customerId ?? null, maxAttempts: InviteImportedUserJob.maxAttempts, dedupeKey: `users.invite:${String(user._id)}` },
    })),
  );
}

/** POST /api/user/{id}/resend-invitation: a new set-password link for a user who has not accepted yet. */
export async function resendUserInvitation({ customerId, id, config, logger }: InvitationContext & { customerId: Types.ObjectId; id: string }) {
  const user = await findCompanyUser(customerId, id);
  if (user.emailVerification?.status) throw AppError.conflict(UserMessages.invitationNotNeeded);
  if (user.status !== 'active') throw AppError.conflict(UserMessages.invitationInactive);
  await hitRateLimit(config, InvitationMailRule, `user:${String(user._id)}`);
  const { delivered } = await sendUserInvitation({ config, logger, user });
  if (!delivered) throw new AppError(ErrorCodes.unavailable, { message: UserMessages.invitationNotSent, status: 503 });
  return { message: UserMessages.invitationResent };
}
