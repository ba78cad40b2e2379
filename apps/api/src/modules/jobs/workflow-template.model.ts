import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { StageKinds } from '@hireflow/contracts/jobs';
import { StageAutomationActions } from '@hireflow/contracts/pipeline';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/** What entering a stage sets off (modules/pipeline/automations): a candidate mail or a mail to the team. */
const stageAutomationSchema = new Schema({
  action: { type: String, enum: StageAutomationActions, required: true },
  templateId: { type: Schema.Types.ObjectId, ref: 'MailTemplate', default: null },
  delayMinutes: { type: Number, default: 0 },
});

/**
 * The company's hiring pipeline: ordered stages that every new job copies. A stage's automations apply to
 * every job's stage of the same kind and name (case-insensitive), so editing them here changes all jobs.
 */
const workflowTemplateSchema = new Schema(
  {
    customerId: tenantField(),
    stages: {
      type: [{ name: { type: String, required: true, trim: true }, kind: { type: String, enum: StageKinds, required: true }, automations: { type: [stageAutomationSchema], default: [] } }],
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
