import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** A typed extra field on jobs, candidates, applications or offers. */
const customFieldSchema = new Schema(
  {
    customerId: tenantField(),
    entity: { type: String, enum: ['job', 'candidate', 'application', 'offer'], required: true },
    label: { type: String, required: true, trim: true },
    key: { type: String, required: true },
    type: { type: String, enum: ['text', 'number', 'date', 'dropdown', 'yesno'], required: true },
    listId: { type: Schema.Types.ObjectId, ref: 'PickList', default: null },
    required: { type: Boolean, default: false },
    order: { type: Number, default: 0 },
    status: { type: String, enum: ['active', 'inactive'], default: 'active' },
  },
  { timestamps: true },
);
tenantOwned(customFieldSchema);
customFieldSchema.index({ customerId: 1, entity: 1, key: 1 }, { unique: true });
customFieldSchema.index({ customerId: 1, entity: 1, order: 1, label: 1 });
customFieldSchema.index({ customerId: 1, listId: 1 });

export type CustomFieldDoc = InferSchemaType<typeof customFieldSchema> & { _id: Types.ObjectId };
export const CustomField = model('CustomField', customFieldSchema);
