import { Types } from 'mongoose';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { IntegrationMessages, type TConnectRequest, type TDisconnectResult, type TMyIntegrations } from '@hireflow/contracts/integrations';
import { Paths } from '@hireflow/contracts/routes';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { authOf } from '../../lib/auth';
import { MeetingRoom } from '../interviews/rooms/meeting-room.model';
import { IntegrationConnection, type ConnectionDoc } from './connections/connection.model';
import { disconnectConnection, presentConnection } from './connections/connections';
import { isConfigured } from './oauth/providers';
import { startOAuthFlow } from './oauth/oauth-flows';

const DefaultReturn = `${Paths.userPreferences}/myintegrations`;

/** Sends the caller to the provider to connect a mailbox or calendar (theirs; a room's or a shared address for admins). */
export async function startConnect(req: Request, res: Response, input: TConnectRequest) {
  const { user, customerId } = authOf(req);
  const isAdmin = Boolean(user.admin);
  if ((input.service === 'shared-mailbox' || input.service === 'room-calendar') && !isAdmin) throw AppError.forbidden();
  let meetingRoomId: Types.ObjectId | null = null;
  if (input.service === 'room-calendar') {
    meetingRoomId = new Types.ObjectId(input.meetingRoomId);
    if (!(await MeetingRoom.exists({ customerId, _id: meetingRoomId }))) throw AppError.notFound('Meeting room');
  }
  return startOAuthFlow(req, res, {
    purpose: input.service,
    provider: input.provider,
    customerId,
    userId: user._id,
    meetingRoomId,
    sharedEmail: input.service === 'shared-mailbox' ? input.email.toLowerCase() : null,
    returnTo: input.returnTo ?? DefaultReturn,
    loginHint: input.service === 'shared-mailbox' ? input.email : input.service === 'room-calendar' ? undefined : user.email,
  });
}

/**
 * The caller's own connections, which providers are configured, and the warnings of broken connections mail
 * fell back from: their own, and for admins also the company's shared sending addresses.
 */
export async function myIntegrations(config: Config, customerId: Types.ObjectId, user: { _id: Types.ObjectId; admin?: boolean | null }): Promise<TMyIntegrations> {
  const [rows, brokenShared] = await Promise.all([
    IntegrationConnection.find({ customerId, userId: user._id, owner: 'user' }).sort({ service: 1 }).lean<ConnectionDoc[]>(),
    user.admin ? IntegrationConnection.find({ customerId, owner: 'shared', fallbackAt: { $ne: null } }).sort({ sharedEmail: 1 }).lean<ConnectionDoc[]>() : [],
  ]);
  const connections = rows.map(presentConnection);
  const warning = (r: ConnectionDoc) => {
    const label = presentConnection(r).label;
    const message = r.owner === 'shared' ? IntegrationMessages.sharedFallbackWarning(r.sharedEmail ?? r.account) : IntegrationMessages.fallbackWarning(label);
    return { connectionId: String(r._id), label: r.owner === 'shared' ? `${label} (${r.sharedEmail ?? r.account})` : label, message, at: r.fallbackAt!.toISOString() };
  };
  return {
    providers: { google: isConfigured(config, 'google'), microsoft: isConfigured(config, 'microsoft') },
    connections,
    warnings: [...rows.filter((r) => r.fallbackAt), ...brokenShared].map(warning),
  };
}

/** The company's shared sending addresses. */
export async function sharedAddresses(customerId: Types.ObjectId) {
  const rows = await IntegrationConnection.find({ customerId, owner: 'shared' }).sort({ sharedEmail: 1 }).lean<ConnectionDoc[]>();
  return rows.map(presentConnection);
}

/** Disconnects one connection: the owner their own; an admin also the company's room and shared ones. 404 for anything else. */
export async function disconnect(config: Config, logger: Logger, req: Request, id: string): Promise<TDisconnectResult> {
  const { user, customerId } = authOf(req);
  const row = await IntegrationConnection.findOne({ customerId, _id: new Types.ObjectId(id) }).lean<ConnectionDoc>();
  const mine = row?.owner === 'user' && row.userId?.equals(user._id);
  const companyOwned = row && row.owner !== 'user' && user.admin;
  if (!row || !(mine || companyOwned)) throw AppError.notFound('Connection');
  const { revoked } = await disconnectConnection(config, logger, row);
  return { message: IntegrationMessages.disconnected, revoked };
}
