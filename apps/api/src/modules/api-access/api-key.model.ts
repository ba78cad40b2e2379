import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { ApiScopes } from '@hireflow/contracts/api-access';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/**
 * A company's key to the public API (/api/v1). The key itself is shown once at creation; only its SHA-256
 * hash is kept (keys carry 190+ random bits, so a plain hash cannot be reversed by guessing). The prefix is
 * public: it names the key in lists and finds it on each request.
 */
const apiKeySchema = new Schema(
  {
    customerId: tenantField(),
    name: { type: String, required: true, trim: true },
    prefix: { type: String, required: true },
    keyHash: { type: String, required: true },
    scopes: { type: [String], enum: ApiScopes, default: [] },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    lastUsedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
    revokedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true },
);
tenantOwned(apiKeySchema);
apiKeySchema.index({ prefix: 1 }, { unique: true });
apiKeySchema.index({ customerId: 1, revokedAt: 1, createdAt: -1 });

export type ApiKeyDoc = InferSchemaType<typeof apiKeySchema> & { _id: Types.ObjectId; createdAt: Date };
export const ApiKey = model('ApiKey', apiKeySchema);
