import { Types } from 'mongoose';
import {
  OnboardingLimits,
  OnboardingMessages,
  ZCreateOnboardingDocumentRequest,
  ZUpdateOnboardingDocumentRequest,
  type TOnboardingDocument,
  type TOnboardingDocumentList,
  type TOnboardingFileType,
} from '@hireflow/contracts/offers-onboarding';
import type { z } from 'zod';
import { AppError } from '../../../lib/app-error';
import { OnboardingDocument, onboardingNameKey, type OnboardingDocumentDoc } from './onboarding-document.model';
import { OnboardingSubmission } from './onboarding-submission.model';

type CreateInput = z.output<typeof ZCreateOnboardingDocumentRequest>;
type UpdateInput = z.output<typeof ZUpdateOnboardingDocumentRequest>;

const notFound = () => AppError.notFound('Onboarding document');

/** The company's documents in their order (active and archived). */
export async function loadOnboardingDocuments(customerId: Types.ObjectId): Promise<OnboardingDocumentDoc[]> {
  return OnboardingDocument.find({ customerId }).sort({ position: 1, _id: 1 }).lean<OnboardingDocumentDoc[]>();
}

async function submissionCounts(customerId: Types.ObjectId): Promise<Map<string, number>> {
  const groups = await OnboardingSubmission.aggregate<{ _id: Types.ObjectId; n: number }>([{ $match: { customerId } }, { $group: { _id: '$documentId', n: { $sum: 1 } } }]);
  return new Map(groups.map((g) => [String(g._id), g.n]));
}

const present = (d: OnboardingDocumentDoc, submissionCount: number): TOnboardingDocument => ({
  id: String(d._id),
  name: d.name,
  description: d.description ?? '',
  required: d.required ?? true,
  fileTypes: (d.fileTypes ?? []) as TOnboardingFileType[],
  active: d.active ?? true,
  submissionCount,
});

export async function listOnboardingDocuments(customerId: Types.ObjectId): Promise<TOnboardingDocumentList> {
  const [docs, counts] = await Promise.all([loadOnboardingDocuments(customerId), submissionCounts(customerId)]);
  return { items: docs.map((d) => present(d, counts.get(String(d._id)) ?? 0)) };
}

async function findDocument(customerId: Types.ObjectId, id: string) {
  if (!Types.ObjectId.isValid(id)) throw notFound();
  const found = await OnboardingDocument.findOne({ customerId, _id: new Types.ObjectId(id) }).lean<OnboardingDocumentDoc>();
  if (!found) throw notFound();
  return found;
}

function assertUniqueName(docs: OnboardingDocumentDoc[], name: string, exceptId?: Types.ObjectId) {
  const clash = docs.find((d) => d.nameKey === onboardingNameKey(name) && !(exceptId && d._id.equals(exceptId)));
  if (clash) throw AppError.conflict(OnboardingMessages.duplicate(clash.name));
}

// Two admins adding the same name at once: the unique index answers for the second.
const duplicateKey = (name: string) => (error: { code?: number }) => {
  if (error.code === 11000) throw AppError.conflict(OnboardingMessages.duplicate(name));
  throw error;
};

async function presentOne(customerId: Types.ObjectId, id: Types.ObjectId) {
  const [doc, count] = await Promise.all([OnboardingDocument.findOne({ customerId, _id: id }).lean<OnboardingDocumentDoc>(), OnboardingSubmission.countDocuments({ customerId, documentId: id })]);
  return present(doc!, count);
}

export async function createOnboardingDocument({ customerId, input }: { customerId: Types.ObjectId; input: CreateInput }) {
  const docs = await loadOnboardingDocuments(customerId);
  assertUniqueName(docs, input.name);
  if (docs.length >= OnboardingLimits.perCompany) throw AppError.badRequest(OnboardingMessages.tooMany);
  const position = docs.reduce((max, d) => Math.max(max, d.position ?? 0), -1) + 1;
  const created = await OnboardingDocument.create({ customerId, ...input, nameKey: onboardingNameKey(input.name), position }).catch(duplicateKey(input.name));
  return present(created.toObject() as OnboardingDocumentDoc, 0);
}

/** Change its fields, archive (active false) or restore it. */
export async function updateOnboardingDocument({ customerId, id, input }: { customerId: Types.ObjectId; id: string; input: UpdateInput }) {
  const doc = await findDocument(customerId, id);
  const $set: Record<string, unknown> = {};
  if (input.name !== undefined && input.name !== doc.name) {
    assertUniqueName(await loadOnboardingDocuments(customerId), input.name, doc._id);
    Object.assign($set, { name: input.name, nameKey: onboardingNameKey(input.name) });
  }
  for (const key of ['description', 'required', 'fileTypes', 'active'] as const) if (input[key] !== undefined) $set[key] = input[key];
  if (Object.keys($set).length) await OnboardingDocument.updateOne({ customerId, _id: doc._id }, { $set }).catch(duplicateKey(String($set.name ?? doc.name)));
  return presentOne(customerId, doc._id);
}

/** The whole list in a new order (every id exactly once, so a stale page cannot lose a document). */
export async function reorderOnboardingDocuments({ customerId, ids }: { customerId: Types.ObjectId; ids: string[] }) {
  const docs = await loadOnboardingDocuments(customerId);
  const wanted = ids.map((id) => id.toLowerCase());
  const known = new Set(docs.map((d) => String(d._id)));
  if (wanted.length !== docs.length || new Set(wanted).size !== wanted.length || wanted.some((id) => !known.has(id))) throw AppError.badRequest(OnboardingMessages.reorderMismatch);
  await OnboardingDocument.bulkWrite(wanted.map((id, position) => ({ updateOne: { filter: { customerId, _id: new Types.ObjectId(id) }, update: { $set: { position } } } })));
  return listOnboardingDocuments(customerId);
}

/** Only a document no new hire uploaded may go; one with uploads is archived instead. */
export async function deleteOnboardingDocument({ customerId, id }: { customerId: Types.ObjectId; id: string }) {
  const doc = await findDocument(customerId, id);
  if (await OnboardingSubmission.exists({ customerId, documentId: doc._id })) throw AppError.conflict(OnboardingMessages.inUse);
  await OnboardingDocument.deleteOne({ customerId, _id: doc._id });
}
