import type { Logger } from 'pino';
import type { Types } from 'mongoose';
import { ErrorCodes } from '@hireflow/contracts/errors';
import { UserMessages } from '@hireflow/contracts/users';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { hitRateLimit, type RateRule } from '../../lib/rate-limit';
import { sendSetPasswordInvite } from '../auth/password-reset.service';
import type { UserDoc } from './user.model';
import { findCompanyUser } from './users.service';

type InvitationContext = { config: Config; logger: Logger };
type Invitee = Pick<UserDoc, '_id' | 'email' | 'firstName' | 'customerId'>;

/** Invitation mails to one user: enough for a few retries, not enough to flood their mailbox. */
export const InvitationMailRule: RateRule = { name: 'user-invitation-mail', max: 5, windowSeconds: 60 * 60 };

/** A user added by an admin (or an import) gets the auth module's set-password invitation. */
export function sendUserInvitation({ config, logger, user }: InvitationContext & { user: Invitee }) {
  return sendSetPasswordInvite({ config, logger }, user);
}

/** How many invitation mails an import sends at once: a few, so a slow SMTP server is not flooded. */
export const ImportInvitationConcurrency = 5;

/**
 * Invites the users of a bulk import after the import has answered: a few mails at a time, each
 * failure logged (the admin can resend it from the user list), a summary at the end. Never rejects,
 * so the caller may start it without awaiting it.
 */
export async function sendImportInvitations({ config, logger, users, concurrency = ImportInvitationConcurrency }: InvitationContext & { users: Invitee[]; concurrency?: number }) {
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < users.length) {
      const user = users[next++]!;
      try {
        const { delivered } = await sendUserInvitation({ config, logger, user });
        if (!delivered) failed++;
      } catch (error) {
        failed++;
        logger.error({ err: error, userId: String(user._id) }, 'import invitation could not be prepared');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, users.length) }, worker));
  const summary = { invitations: { total: users.length, sent: users.length - failed, failed } };
  if (failed) logger.warn(summary, 'import invitations finished with failures; the admin can resend them from the user list');
  else logger.info(summary, 'import invitations sent');
  return summary.invitations;
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
