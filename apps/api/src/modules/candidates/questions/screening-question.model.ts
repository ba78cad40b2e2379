import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { ScreeningQuestionTypes } from '@hireflow/contracts/candidates-questions';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * A question of the company's screening question bank. The apply form (and later speed screening) copies
 * a question's text and type when it adds it, so editing or retiring a question never changes a form.
 */
const screeningQuestionSchema = new Schema(
  {
    customerId: tenantField(),
    text: { type: String, required: true, trim: true },
    /** The text lower-cased with its spaces collapsed: one question per wording in a company. */
    textKey: { type: String, required: true },
    type: { type: String, enum: ScreeningQuestionTypes, required: true },
    options: { type: [String], default: [] },
    active: { type: Boolean, default: true },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true },
);
tenantOwned(screeningQuestionSchema);
screeningQuestionSchema.index({ customerId: 1, textKey: 1 }, { unique: true });

export type ScreeningQuestionDoc = InferSchemaType<typeof screeningQuestionSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const ScreeningQuestion = model('ScreeningQuestion', screeningQuestionSchema);

export const questionTextKey = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
