import type { Logger } from 'pino';
import type { Config } from '../../config';
import { sendSetPasswordInvite } from '../auth/password-reset.service';
import type { UserDoc } from './user.model';

/** A user added by an admin (or an import) gets the auth module's set-password invitation. */
export function sendUserInvitation({ config, logger, user }: { config: Config; logger: Logger; user: Pick<UserDoc, '_id' | 'email' | 'firstName' | 'customerId'> }) {
  return sendSetPasswordInvite({ config, logger }, user);
}
