import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { StageKinds } from '@hireflow/contracts/jobs';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** The company's hiring pipeline: ordered stages that every new job copies. */
const workflowTemplateSchema = new Schema(
  {
    customerId: tenantField(),
    stages: {
      type: [{ name: { type: String, required: true, trim: true }, kind: { type: String, enum: StageKinds, required: true } }],
      default: [],
    },
    updatedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true },
);
tenantOwned(workflowTemplateSchema);
workflowTemplateSchema.index({ customerId: 1 }, { unique: true });

export type WorkflowTemplateDoc = InferSchemaType<typeof workflowTemplateSchema> & { _id: Types.ObjectId };
export const WorkflowTemplate = model('WorkflowTemplate', workflowTemplateSchema);

/** What a company starts with until an admin edits it. */
export const DefaultStages = [
  { name: 'Applied', kind: 'screening' },
  { name: 'Phone screen', kind: 'screening' },
  { name: 'Interview', kind: 'interview' },
  { name: 'Final interview', kind: 'interview' },
  { name: 'Offer', kind: 'offer' },
  { name: 'Hired', kind: 'hired' },
  { name: 'Rejected', kind: 'rejected' },
] as const;
