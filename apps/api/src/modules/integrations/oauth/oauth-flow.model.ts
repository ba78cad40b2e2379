import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { OAuthPurposes } from '@hireflow/contracts/integrations';
import { IdentityProviders } from '@hireflow/contracts/auth';

/**
 * One OAuth round trip in progress: created when the browser is sent to the provider, used once when it
 * comes back. Only hashes of the `state` and of the browser binding (an HttpOnly cookie) are kept; the PKCE
 * verifier is sealed. Expires after ten minutes (TTL index). Not tenant-owned: sign-in and sign-up start
 * before there is a company; connect flows carry the caller's company and user and are checked against them.
 */
const oauthFlowSchema = new Schema({
  stateHash: { type: String, required: true, unique: true },
  bindingHash: { type: String, required: true },
  purpose: { type: String, enum: OAuthPurposes, required: true },
  provider: { type: String, enum: IdentityProviders, required: true },
  redirectUri: { type: String, required: true },
  nonce: { type: String, required: true },
  codeVerifier: { type: String, required: true },
  customerId: { type: Schema.Types.ObjectId, ref: 'Customer', default: null },
  userId: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  meetingRoomId: { type: Schema.Types.ObjectId, ref: 'MeetingRoom', default: null },
  sharedEmail: { type: String, default: null },
  returnTo: { type: String, default: null },
  createdAt: { type: Date, required: true },
  expiresAt: { type: Date, required: true },
  usedAt: { type: Date, default: null },
});
oauthFlowSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export type OAuthFlowDoc = InferSchemaType<typeof oauthFlowSchema> & { _id: Types.ObjectId };
export const OAuthFlow = model('OAuthFlow', oauthFlowSchema);
