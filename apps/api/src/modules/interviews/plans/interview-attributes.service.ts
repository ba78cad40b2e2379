import { Types } from 'mongoose';
import type { z } from 'zod';
import type { ZInterviewAttributeInput } from '@hireflow/contracts/interviews';
import { InterviewAttributeLimits, InterviewPlanMessages, type TInterviewAttributeList, type TInterviewAttributeRow } from '@hireflow/contracts/interviews-plans';
import { AppError } from '../../../lib/app-error';
import { InterviewAttribute, type InterviewAttributeDoc } from './interview-attribute.model';
import { InterviewPlan } from './interview-plan.model';

type Input = z.output<typeof ZInterviewAttributeInput>;
const nameKey = (name: string) => name.trim().toLocaleLowerCase('en');

/** How many plans (the default and the jobs') use each attribute in one of their rounds. */
async function plansUsing(customerId: Types.ObjectId): Promise<Map<string, number>> {
  const rows = await InterviewPlan.aggregate<{ _id: Types.ObjectId; n: number }>([
    { $match: { customerId } },
    { $project: { ids: { $reduce: { input: '$rounds.attributeIds', initialValue: [], in: { $setUnion: ['$$value', '$$this'] } } } } },
    { $unwind: '$ids' },
    { $group: { _id: '$ids', n: { $sum: 1 } } },
  ]);
  return new Map(rows.map((r) => [String(r._id), r.n]));
}

const present = (a: InterviewAttributeDoc, usedInPlans: number): TInterviewAttributeRow => ({
  id: String(a._id), name: a.name, description: a.description ?? '', active: a.active ?? true, usedInPlans,
});

/** The library, by name; everyone of the company reads it (the plan editor offers the active ones). */
export async function listAttributes(customerId: Types.ObjectId): Promise<TInterviewAttributeList> {
  const [rows, used] = await Promise.all([
    InterviewAttribute.find({ customerId }).collation({ locale: 'en', strength: 2 }).sort({ name: 1 }).limit(InterviewAttributeLimits.perCompany).lean<InterviewAttributeDoc[]>(),
    plansUsing(customerId),
  ]);
  return { items: rows.map((a) => present(a, used.get(String(a._id)) ?? 0)) };
}

async function findAttribute(customerId: Types.ObjectId, id: string) {
  if (!Types.ObjectId.isValid(id)) throw AppError.notFound('Attribute');
  const found = await InterviewAttribute.findOne({ customerId, _id: new Types.ObjectId(id) }).lean<InterviewAttributeDoc>();
  if (!found) throw AppError.notFound('Attribute');
  return found;
}

/** Names are unique in a company whatever their case: "Communication" and "communication" are one attribute. */
async function assertUniqueName(customerId: Types.ObjectId, name: string, exceptId?: Types.ObjectId) {
  const all = await InterviewAttribute.find({ customerId }, { name: 1 }).lean<InterviewAttributeDoc[]>();
  const clash = all.find((a) => nameKey(a.name) === nameKey(name) && !(exceptId && a._id.equals(exceptId)));
  if (clash) throw AppError.conflict(InterviewPlanMessages.duplicateAttribute(clash.name));
}

const duplicateKey = (name: string) => (error: { code?: number }) => {
  // Two admins adding the same name at once: the unique index (case-insensitive) answers for the second.
  if (error.code === 11000) throw AppError.conflict(InterviewPlanMessages.duplicateAttribute(name));
  throw error;
};

export async function createAttribute(customerId: Types.ObjectId, input: Input) {
  await assertUniqueName(customerId, input.name);
  if ((await InterviewAttribute.countDocuments({ customerId })) >= InterviewAttributeLimits.perCompany) throw AppError.badRequest(InterviewPlanMessages.tooManyAttributes);
  const created = await InterviewAttribute.create({ customerId, ...input }).catch(duplicateKey(input.name));
  return present(created.toObject() as InterviewAttributeDoc, 0);
}

/** Rename, describe, deactivate or restore; plans keep referring to it by id (and show the new name). */
export async function updateAttribute(customerId: Types.ObjectId, id: string, input: Input) {
  const existing = await findAttribute(customerId, id);
  await assertUniqueName(customerId, input.name, existing._id);
  await InterviewAttribute.updateOne({ customerId, _id: existing._id }, { $set: input }).catch(duplicateKey(input.name));
  const used = await plansUsing(customerId);
  return present({ ...existing, ...input }, used.get(String(existing._id)) ?? 0);
}

/** An attribute no plan uses is deleted; one in use is deactivated instead (and the answer says so). */
export async function deleteAttribute(customerId: Types.ObjectId, id: string) {
  const existing = await findAttribute(customerId, id);
  const plans = (await plansUsing(customerId)).get(String(existing._id)) ?? 0;
  if (plans > 0) {
    await InterviewAttribute.updateOne({ customerId, _id: existing._id }, { $set: { active: false } });
    return { deleted: false, deactivated: true, message: InterviewPlanMessages.deactivatedInUse(plans) };
  }
  await InterviewAttribute.deleteOne({ customerId, _id: existing._id });
  return { deleted: true, deactivated: false, message: InterviewPlanMessages.deleted };
}
