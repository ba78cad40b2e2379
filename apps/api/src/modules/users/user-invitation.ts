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

/** Invitation mails to one user: enough for a few retries, not enough to flood their mailbox. */
export const InvitationMailRule: RateRule = { name: 'user-invitation-mail', max: 5, windowSeconds: 60 * 60 };

/** A user added by an admin (or an import) gets the auth module's set-password invitation. */
export function sendUserInvitation({ config, logger, user }: InvitationContext & { user: Pick<UserDoc, '_id' | 'email' | 'firstName' | 'customerId'> }) {
  return sendSetPasswordInvite({ config, logger }, user);
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
