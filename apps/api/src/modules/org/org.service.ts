import mongoose, { type Types } from 'mongoose';
import { OrgMessages, OrgValidation, type TOrgItem, type TOrgKind, type TOrgListQueryParsed, type TOrgStatus } from '@hireflow/contracts/org';
import { AppError } from '../../lib/app-error';
import { OrgEntities, labelOf, type OrgDoc } from './org-entities';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function present(kind: TOrgKind, doc: OrgDoc): TOrgItem {
  const def = OrgEntities[kind];
  return {
    id: String(doc._id),
    kind,
    displayName: def.displayName(doc),
    status: doc.status === 'inactive' ? 'inactive' : 'active',
    createdAt: new Date(doc.createdAt).toISOString(),
    updatedAt: new Date(doc.updatedAt).toISOString(),
    ...def.present(doc),
  };
}

/** A page of one kind: up to pageSize + 1 items (the extra one means "more") and the total. */
export async function listOrgItems({ customerId, kind, query }: { customerId: Types.ObjectId; kind: TOrgKind; query: TOrgListQueryParsed }) {
  const def = OrgEntities[kind];
  const filter: Record<string, unknown> = { customerId };
  if (query.status !== 'all') filter.status = query.status;
  if (kind === 'custom-fields' && query.entity) filter.entity = query.entity;
  if (query.search) {
    const pattern = { $regex: escapeRegex(query.search), $options: 'i' };
    filter.$or = def.searchFields.map((field) => ({ [field]: pattern }));
  }
  const [docs, total] = await Promise.all([
    def.model.find(filter).sort(def.sort).skip(query.skip).limit(OrgValidation.pageSize + 1).lean<OrgDoc[]>(),
    def.model.countDocuments(filter),
  ]);
  return { items: docs.map((d) => present(kind, d)), total };
}

/** Active items for pickers, open to every signed-in user of the company. */
export async function listOrgOptions({ customerId, kind, entity }: { customerId: Types.ObjectId; kind: TOrgKind; entity?: string }) {
  const def = OrgEntities[kind];
  const docs = await def.model
    .find({ customerId, status: 'active', ...(kind === 'custom-fields' && entity ? { entity } : {}) })
    .sort(def.sort)
    .limit(OrgValidation.maxOptions)
    .lean<OrgDoc[]>();
  return {
    options: docs.map((d) => ({ id: String(d._id), name: def.displayName(d), ...(kind === 'business-units' ? { parentId: d.parentId ? String(d.parentId) : null } : {}) })),
  };
}

async function findItem(customerId: Types.ObjectId, kind: TOrgKind, id: string) {
  const doc = await OrgEntities[kind].model.findOne({ _id: id, customerId });
  if (!doc) throw AppError.notFound(labelOf(kind));
  return doc;
}

/** Names are unique per company whatever their case ("Sales" and "sales" are the same department). */
async function assertUnique(customerId: Types.ObjectId, kind: TOrgKind, merged: Record<string, unknown>, exceptId?: Types.ObjectId) {
  const def = OrgEntities[kind];
  const value = String(merged[def.uniqueField] ?? '');
  const clash = await def.model.exists({
    customerId,
    ...(def.uniqueScope?.(merged) ?? {}),
    [def.uniqueField]: { $regex: `^${escapeRegex(value)}$`, $options: 'i' },
    ...(exceptId ? { _id: { $ne: exceptId } } : {}),
  });
  if (clash) throw AppError.conflict(OrgMessages.duplicate(labelOf(kind), def.uniqueField));
}

function duplicateToConflict(kind: TOrgKind, error: unknown): never {
  if ((error as { code?: number })?.code === 11000) throw AppError.conflict(OrgMessages.duplicate(labelOf(kind), OrgEntities[kind].uniqueField));
  throw error;
}

export async function createOrgItem({ customerId, kind, input }: { customerId: Types.ObjectId; kind: TOrgKind; input: Record<string, unknown> }) {
  const def = OrgEntities[kind];
  const values = def.prepare ? await def.prepare({ customerId, input, existing: null }) : input;
  await assertUnique(customerId, kind, values);
  try {
    const doc = await def.model.create({ ...values, customerId });
    return present(kind, doc.toObject() as OrgDoc);
  } catch (error) {
    duplicateToConflict(kind, error);
  }
}

export async function updateOrgItem({ customerId, kind, id, input }: { customerId: Types.ObjectId; kind: TOrgKind; id: string; input: Record<string, unknown> }) {
  const def = OrgEntities[kind];
  const doc = await findItem(customerId, kind, id);
  const existing = doc.toObject() as OrgDoc;
  const values = def.prepare ? await def.prepare({ customerId, input, existing }) : input;
  if (values[def.uniqueField] !== undefined) await assertUnique(customerId, kind, { ...existing, ...values }, doc._id);
  doc.set(values);
  try {
    await doc.save();
  } catch (error) {
    duplicateToConflict(kind, error);
  }
  return present(kind, doc.toObject() as OrgDoc);
}

export async function setOrgItemStatus({ customerId, kind, id, status }: { customerId: Types.ObjectId; kind: TOrgKind; id: string; status: TOrgStatus }) {
  const doc = await findItem(customerId, kind, id);
  doc.set({ status });
  await doc.save();
  return present(kind, doc.toObject() as OrgDoc);
}

/** Where an item is referenced: one count per referencing collection, only those that are used. */
export async function orgItemUsage({ customerId, kind, id }: { customerId: Types.ObjectId; kind: TOrgKind; id: string }) {
  const doc = await findItem(customerId, kind, id);
  const usage: { what: string; count: number }[] = [];
  for (const ref of OrgEntities[kind].usage) {
    const model = mongoose.models[ref.model];
    if (!model || !model.schema.path(ref.field)) continue;
    const value = ref.by === 'name' ? doc.get(OrgEntities[kind].uniqueField) : doc._id;
    const condition = ref.match ? ref.match(doc.toObject() as OrgDoc) : { [ref.field]: value };
    if (!condition) continue;
    const count = await model.countDocuments({ customerId, ...condition });
    if (count > 0) usage.push({ what: ref.what, count });
  }
  return { usage };
}

/** Deletes an unused item; one in use is refused with where it is used (deactivate it instead). */
export async function removeOrgItem({ customerId, kind, id }: { customerId: Types.ObjectId; kind: TOrgKind; id: string }) {
  const { usage } = await orgItemUsage({ customerId, kind, id });
  if (usage.length) {
    const where = usage.map((u) => `${u.count} ${u.count === 1 ? u.what.replace(/s( under it)?$/, '$1') : u.what}`).join(', ');
    throw AppError.conflict(OrgMessages.inUse(labelOf(kind), where));
  }
  await OrgEntities[kind].model.deleteOne({ _id: id, customerId });
}
