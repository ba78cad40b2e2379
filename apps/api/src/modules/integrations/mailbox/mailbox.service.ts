import { Types } from 'mongoose';
import type { Request } from 'express';
import { IntegrationMessages, type TAuthorisationCheck, type TCallbackResult } from '@hireflow/contracts/integrations';
import type { TIdentityProvider } from '@hireflow/contracts/auth';
import { Paths } from '@hireflow/contracts/routes';
import type { z } from 'zod';
import type { ZEmailSendAuthQuery } from '@hireflow/contracts/integrations';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/app-error';
import { authOf } from '../../../lib/auth';
import { User } from '../../users/user.model';
import { IntegrationConnection, type ConnectionDoc } from '../connections/connection.model';
import { findConnection, presentConnection, saveConnection } from '../connections/connections';
import { finishOAuthFlow } from '../oauth/oauth-flows';

type EmailSendAuthQuery = z.infer<typeof ZEmailSendAuthQuery>;

/**
 * The mailbox callback (/gmailAuth, /outlookauth): finishes a round trip this very user of this company
 * started, and keeps the connection: their own mailbox, or (admins) a shared sending address, which the
 * signed-in account must be. The query's dbCampaign / email / recruiterId never override the flow: when
 * they contradict it the call is refused.
 */
export async function finishMailboxConnect(req: Request, query: EmailSendAuthQuery): Promise<TCallbackResult> {
  const config = req.app.locals.config as Config;
  const { user, customerId } = authOf(req);
  const { flow, result } = await finishOAuthFlow(req, { state: query.state, code: query.code, purposes: ['mailbox', 'shared-mailbox'] });
  if (!customerId || !flow.customerId?.equals(customerId) || !flow.userId?.equals(user._id)) throw AppError.badRequest(IntegrationMessages.stateInvalid);
  const shared = flow.purpose === 'shared-mailbox';
  const contradicts =
    (query.recruiterId !== undefined && query.recruiterId !== String(flow.userId)) ||
    (query.email !== undefined && query.email.toLowerCase() !== (shared ? flow.sharedEmail : user.email.toLowerCase())) ||
    (query.dbCampaign === 'true' && !shared);
  if (contradicts) throw AppError.badRequest(IntegrationMessages.stateInvalid);
  if (shared) {
    if (!user.admin) throw AppError.forbidden();
    if (!flow.sharedEmail || result.identity.email !== flow.sharedEmail) throw AppError.badRequest(IntegrationMessages.wrongSharedAccount(flow.sharedEmail ?? ''));
  }
  const connection = await saveConnection(config, {
    customerId,
    service: 'mailbox',
    provider: flow.provider as TIdentityProvider,
    owner: shared ? { owner: 'shared', sharedEmail: flow.sharedEmail! } : { owner: 'user', userId: user._id },
    result,
    connectedBy: user._id,
  });
  return { connection: presentConnection(connection), returnTo: flow.returnTo ?? `${Paths.userPreferences}/myintegrations` };
}

const checkOf = (c: ConnectionDoc | null): TAuthorisationCheck => ({
  authenticated: c?.status === 'connected',
  provider: (c?.provider as TIdentityProvider | undefined) ?? null,
  account: c?.account ?? null,
  status: (c?.status as TAuthorisationCheck['status'] | undefined) ?? null,
});

/** Whether a user of the caller's company has a working mailbox (404 for anyone else). */
export async function checkUserMailbox(customerId: Types.ObjectId, userId: string): Promise<TAuthorisationCheck> {
  if (!Types.ObjectId.isValid(userId) || !(await User.exists({ customerId, _id: new Types.ObjectId(userId) }))) throw AppError.notFound('User');
  return checkOf(await findConnection(customerId, 'mailbox', { owner: 'user', userId: new Types.ObjectId(userId) }));
}

/** Whether the caller's company has authorised this shared sending address (another company's answers not connected). */
export async function checkSharedMailbox(customerId: Types.ObjectId, address: string): Promise<TAuthorisationCheck> {
  return checkOf(await findConnection(customerId, 'mailbox', { owner: 'shared', sharedEmail: address.trim().toLowerCase() }));
}

/** Hides the fallback warning of one of the caller's own connections, or for an admin of a shared address (404 otherwise). Reconnecting clears it too. */
export async function dismissWarning(customerId: Types.ObjectId, user: { _id: Types.ObjectId; admin?: boolean | null }, id: string) {
  const whose = user.admin ? { $or: [{ owner: 'user' as const, userId: user._id }, { owner: 'shared' as const }] } : { owner: 'user' as const, userId: user._id };
  const res = await IntegrationConnection.updateOne({ customerId, _id: new Types.ObjectId(id), ...whose }, { $set: { fallbackAt: null } });
  if (res.matchedCount === 0) throw AppError.notFound('Connection');
  return { message: IntegrationMessages.warningDismissed };
}
