import { Types } from 'mongoose';
import type { Logger } from 'pino';
import { ServiceLabels, type TConnection, type TIntegrationService, type TOAuthPurpose } from '@hireflow/contracts/integrations';
import type { TIdentityProvider } from '@hireflow/contracts/auth';
import type { Config } from '../../../config';
import { openSecret, sealSecret } from '../../../lib/secret-box';
import { ConnectionBrokenError, providerFor, type OAuthCodeResult, type ProviderSecret } from '../oauth/providers';
import { IntegrationConnection, ownerKeyOf, type ConnectionDoc } from './connection.model';

export type ConnectionOwner =
  | { owner: 'user'; userId: Types.ObjectId }
  | { owner: 'room'; meetingRoomId: Types.ObjectId }
  | { owner: 'shared'; sharedEmail: string };

/** The OAuth purpose whose scopes a service's tokens carry. */
const purposeOf = (c: Pick<ConnectionDoc, 'service' | 'owner'>): TOAuthPurpose =>
  c.service === 'mailbox' ? (c.owner === 'shared' ? 'shared-mailbox' : 'mailbox') : c.owner === 'room' ? 'room-calendar' : 'calendar';

/**
 * Keeps what a finished round trip gave (the account and its tokens, sealed) as the owner's connection of
 * that service: a new one, or in place of the previous one (another provider's too), working again.
 */
export async function saveConnection(
  config: Config,
  { customerId, service, provider, owner, result, connectedBy }: {
    customerId: Types.ObjectId; service: TIntegrationService; provider: TIdentityProvider; owner: ConnectionOwner; result: OAuthCodeResult; connectedBy: Types.ObjectId;
  },
): Promise<ConnectionDoc> {
  const ownerKey = ownerKeyOf(owner);
  const existing = await IntegrationConnection.findOne({ customerId, service, ownerKey }, { _id: 1 }).lean();
  const id = existing?._id ?? new Types.ObjectId();
  const now = new Date();
  await IntegrationConnection.updateOne(
    { customerId, service, ownerKey },
    {
      $set: {
        owner: owner.owner,
        userId: owner.owner === 'user' ? owner.userId : null,
        meetingRoomId: owner.owner === 'room' ? owner.meetingRoomId : null,
        sharedEmail: owner.owner === 'shared' ? owner.sharedEmail.toLowerCase() : null,
        provider, account: result.identity.email, status: 'connected', connectedAt: now, connectedBy,
        lastError: null, lastErrorAt: null, fallbackAt: null, accessExpiresAt: result.accessExpiresAt,
        secret: sealSecret(config.tokenKey, result.secret, String(id)),
      },
      $setOnInsert: { _id: id },
    },
    { upsert: true },
  );
  return (await IntegrationConnection.findOne({ customerId, _id: id }).lean<ConnectionDoc>())!;
}

/** The owner's connection of a service, working or not (null when never connected). */
export function findConnection(customerId: Types.ObjectId, service: TIntegrationService, owner: ConnectionOwner) {
  return IntegrationConnection.findOne({ customerId, service, ownerKey: ownerKeyOf(owner) }).lean<ConnectionDoc>();
}

/** Records why a connection stopped working; the person sees it on My integrations. */
export async function markBroken(connection: Pick<ConnectionDoc, '_id' | 'customerId'>, reason: string, status: 'expired' | 'error' = 'expired') {
  await IntegrationConnection.updateOne({ customerId: connection.customerId, _id: connection._id }, { $set: { status, lastError: reason, lastErrorAt: new Date() } });
}

/**
 * A usable access token for the connection: refreshed through the provider a minute before it expires (and
 * stored back). A refused permission marks the connection expired and throws ConnectionBrokenError; other
 * failures (network, provider down) are thrown as they are, for the caller to retry.
 */
export async function accessTokenFor(config: Config, connection: ConnectionDoc, opts: { forceRefresh?: boolean } = {}): Promise<string> {
  if (connection.status !== 'connected') throw new ConnectionBrokenError(connection.lastError ?? 'The connection is not working. Please reconnect.');
  const provider = providerFor(config, connection.provider as TIdentityProvider);
  const secret = openSecret<ProviderSecret>(config.tokenKey, connection.secret, String(connection._id));
  try {
    const grant = await provider.accessToken(secret, purposeOf(connection), opts);
    if (JSON.stringify(grant.secret) !== JSON.stringify(secret)) {
      await IntegrationConnection.updateOne(
        { customerId: connection.customerId, _id: connection._id },
        { $set: { secret: sealSecret(config.tokenKey, grant.secret, String(connection._id)), accessExpiresAt: grant.accessExpiresAt } },
      );
    }
    return grant.accessToken;
  } catch (error) {
    if (error instanceof ConnectionBrokenError) await markBroken(connection, error.message);
    throw error;
  }
}

/** An HTTP answer of a provider's API that says the access token was not accepted. */
export class TokenRejectedError extends Error {}

/**
 * Calls a provider API with the connection's access token; when the API rejects the token (`call` throws
 * TokenRejectedError on a 401), refreshes it once and tries again. A refused refresh marks the connection
 * broken (ConnectionBrokenError).
 */
export async function withAccessToken<T>(config: Config, connection: ConnectionDoc, call: (accessToken: string) => Promise<T>): Promise<T> {
  try {
    return await call(await accessTokenFor(config, connection));
  } catch (error) {
    if (!(error instanceof TokenRejectedError)) throw error;
    try {
      return await call(await accessTokenFor(config, connection, { forceRefresh: true }));
    } catch (again) {
      if (again instanceof TokenRejectedError) {
        await markBroken(connection, 'The provider rejects the access it gave. Please reconnect.');
        throw new ConnectionBrokenError('The provider rejects the access it gave. Please reconnect.');
      }
      throw again;
    }
  }
}

/** Revokes the permission at the provider where it can (a failure there is logged, not fatal) and deletes it here. */
export async function disconnectConnection(config: Config, logger: Logger, connection: ConnectionDoc): Promise<{ revoked: boolean }> {
  let revoked = false;
  try {
    const secret = openSecret<ProviderSecret>(config.tokenKey, connection.secret, String(connection._id));
    revoked = await providerFor(config, connection.provider as TIdentityProvider).revoke(secret);
  } catch (error) {
    logger.warn({ err: error, connectionId: String(connection._id), provider: connection.provider }, 'revoking a connection at the provider failed; deleting it here all the same');
  }
  await IntegrationConnection.deleteOne({ customerId: connection.customerId, _id: connection._id });
  return { revoked };
}

export function presentConnection(c: ConnectionDoc): TConnection {
  return {
    id: String(c._id),
    service: c.service as TIntegrationService,
    owner: c.owner as TConnection['owner'],
    provider: c.provider as TIdentityProvider,
    label: ServiceLabels[c.service as TIntegrationService][c.provider as TIdentityProvider],
    account: c.account,
    status: c.status as TConnection['status'],
    connectedAt: c.connectedAt.toISOString(),
    lastError: c.lastError ?? null,
    lastErrorAt: c.lastErrorAt ? c.lastErrorAt.toISOString() : null,
    userId: c.userId ? String(c.userId) : null,
    meetingRoomId: c.meetingRoomId ? String(c.meetingRoomId) : null,
    sharedEmail: c.sharedEmail ?? null,
  };
}
