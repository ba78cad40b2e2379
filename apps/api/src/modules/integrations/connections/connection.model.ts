import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { ConnectionOwners, ConnectionStatuses, IntegrationServices } from '@hireflow/contracts/integrations';
import { IdentityProviders } from '@hireflow/contracts/auth';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * A mailbox or calendar connected through Google or Microsoft: a user's own, a meeting room's resource
 * calendar, or a company's shared sending address. One per owner and service (`ownerKey`): connecting
 * again (the same or the other provider) replaces it. `secret` holds the tokens sealed with
 * lib/secret-box (bound to the row's id): never presented, never logged.
 */
const connectionSchema = new Schema(
  {
    customerId: tenantField(),
    service: { type: String, enum: IntegrationServices, required: true },
    owner: { type: String, enum: ConnectionOwners, required: true },
    /** "user:<id>", "room:<id>" or "shared:<address>": what makes it one per owner and service. */
    ownerKey: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    meetingRoomId: { type: Schema.Types.ObjectId, ref: 'MeetingRoom', default: null },
    sharedEmail: { type: String, default: null },
    provider: { type: String, enum: IdentityProviders, required: true },
    /** The provider account's address (what the ID token said, verified). */
    account: { type: String, required: true },
    status: { type: String, enum: ConnectionStatuses, default: 'connected' },
    connectedAt: { type: Date, required: true },
    connectedBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    lastError: { type: String, default: null },
    lastErrorAt: { type: Date, default: null },
    /** When the access token in `secret` expires: refreshed a minute before. */
    accessExpiresAt: { type: Date, default: null },
    secret: { type: String, required: true },
    /** Set when mail fell back to SMTP because this connection broke; cleared by reconnecting or dismissing. */
    fallbackAt: { type: Date, default: null },
  },
  { timestamps: true },
);
tenantOwned(connectionSchema);
connectionSchema.index({ customerId: 1, service: 1, ownerKey: 1 }, { unique: true });
connectionSchema.index({ customerId: 1, userId: 1 });

export type ConnectionDoc = InferSchemaType<typeof connectionSchema> & { _id: Types.ObjectId };
export const IntegrationConnection = model('IntegrationConnection', connectionSchema);

export const ownerKeyOf = (o: { owner: 'user'; userId: Types.ObjectId } | { owner: 'room'; meetingRoomId: Types.ObjectId } | { owner: 'shared'; sharedEmail: string }) =>
  o.owner === 'user' ? `user:${String(o.userId)}` : o.owner === 'room' ? `room:${String(o.meetingRoomId)}` : `shared:${o.sharedEmail.toLowerCase()}`;
