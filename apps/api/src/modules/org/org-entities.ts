import type { Model, Types } from 'mongoose';
import { OrgKindLabels, OrgMessages, type CustomFieldEntities, type TOrgKind } from '@hireflow/contracts/org';
import { AppError } from '../../lib/app-error';
import { BusinessUnit } from './business-unit.model';
import { Department } from './department.model';
import { Location } from './location.model';
import { Campus } from './campus.model';
import { Client } from './client.model';
import { JobCode } from './job-code.model';
import { PickList } from './pick-list.model';
import { Tag } from './tag.model';
import { Source } from './source.model';
import { CustomField } from './custom-field.model';

type TCustomFieldEntity = (typeof CustomFieldEntities)[number];

export type OrgDoc = { _id: Types.ObjectId; customerId: Types.ObjectId; status: string; createdAt: Date; updatedAt: Date } & Record<string, unknown>;

/**
 * Where an entity may be referenced: another module's model (looked up by name, skipped when absent) and field.
 * `match` replaces the default condition (field equals the id or name); null means the reference does not apply.
 */
export type UsageRef = { model: string; field: string; what: string; by?: 'id' | 'name'; match?: (doc: OrgDoc) => Record<string, unknown> | null };

type PrepareArgs = { customerId: Types.ObjectId; input: Record<string, unknown>; existing: OrgDoc | null };

export type OrgEntityDef = {
  model: Model<OrgDoc>;
  /** The field that must be unique per company (case-insensitive) and names the entity in messages. */
  uniqueField: string;
  searchFields: string[];
  sort: Record<string, 1>;
  displayName: (doc: OrgDoc) => string;
  /** Extra rules and derived fields; returns the fields to store. */
  prepare?: (args: PrepareArgs) => Promise<Record<string, unknown>>;
  /** Extra scope of the uniqueness rule (custom fields: per entity). */
  uniqueScope?: (merged: Record<string, unknown>) => Record<string, unknown>;
  present: (doc: OrgDoc) => Record<string, unknown>;
  usage: UsageRef[];
};

const str = (v: unknown) => (v == null ? '' : String(v));
const idOrNull = (v: unknown) => (v ? String(v) : null);
const as = (model: unknown) => model as Model<OrgDoc>;

/** Refuses a parent that does not exist in the company, or one that would make a loop in the tree. */
async function prepareBusinessUnit({ customerId, input, existing }: PrepareArgs) {
  const parentId = input.parentId as string | null | undefined;
  if (!parentId) return input;
  if (existing && String(existing._id) === parentId) throw AppError.badRequest(OrgMessages.parentCycle);
  const units = await BusinessUnit.find({ customerId }, { parentId: 1 }).lean();
  const parentOf = new Map(units.map((u) => [String(u._id), u.parentId ? String(u.parentId) : null]));
  if (!parentOf.has(parentId)) throw AppError.notFound('Parent business unit');
  for (let at: string | null = parentId, steps = 0; at && steps <= units.length; at = parentOf.get(at) ?? null, steps++) {
    if (existing && at === String(existing._id)) throw AppError.badRequest(OrgMessages.parentCycle);
  }
  return input;
}

/**
 * An edited location keeps the identity of each office address it still has (matched by label, else by
 * the address text), so the meeting rooms and interviews at an address stay there when the list is saved.
 */
async function prepareLocation({ input, existing }: PrepareArgs) {
  const addresses = input.addresses as { label: string; address: string }[] | undefined;
  const before = (existing?.addresses as { _id: unknown; label: string; address: string }[] | undefined) ?? [];
  if (!addresses || !before.length) return input;
  const taken = new Set<unknown>();
  const claim = (match: (b: (typeof before)[number]) => boolean) => {
    const found = before.find((b) => !taken.has(b._id) && match(b));
    if (found) taken.add(found._id);
    return found?._id;
  };
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const byLabel = addresses.map((a) => claim((b) => same(b.label, a.label)));
  const ids = addresses.map((a, i) => byLabel[i] ?? claim((b) => same(b.address, a.address)));
  const kept = addresses.map((a, i) => (ids[i] ? { ...a, _id: ids[i] } : a));
  return { ...input, addresses: kept };
}

async function prepareJobCode({ input, existing }: PrepareArgs) {
  const approved = (input.approvedHeadcount ?? existing?.approvedHeadcount) as number;
  const used = (input.usedHeadcount ?? existing?.usedHeadcount ?? 0) as number;
  // Approvals with a justification may already have used more than approved: an edit may keep that excess, not add to it.
  const excessBefore = existing ? Number(existing.usedHeadcount ?? 0) - Number(existing.approvedHeadcount ?? 0) : 0;
  if (used > approved && used - approved > excessBefore) throw AppError.badRequest(`usedHeadcount: cannot be more than the approved headcount (${approved})`);
  return input;
}

export function customFieldKey(label: string) {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'field';
}

async function prepareCustomField({ customerId, input, existing }: PrepareArgs) {
  const type = (input.type ?? existing?.type) as string;
  const listId = (input.listId !== undefined ? input.listId : existing?.listId) as string | null;
  if (type === 'dropdown') {
    if (!listId) throw AppError.badRequest('listId: is required for a dropdown field');
    if (!(await PickList.exists({ _id: listId, customerId }))) throw AppError.notFound('List');
  }
  const out: Record<string, unknown> = { ...input, listId: type === 'dropdown' ? listId : null };
  // The key is where jobs and requisitions store the values (customFields.<key>): a new label must not move it.
  delete out.key;
  if (!existing) out.key = await freeCustomFieldKey(customerId, input.entity as TCustomFieldEntity, String(input.label));
  return out;
}

/** The key from the label, with a number added when a field of the entity (perhaps since renamed) already has it. */
async function freeCustomFieldKey(customerId: Types.ObjectId, entity: TCustomFieldEntity, label: string) {
  const base = customFieldKey(label);
  const rows = await CustomField.find({ customerId, entity, key: { $regex: `^${base}(_[0-9]+)?$` } }, { key: 1 }).lean();
  const taken = new Set(rows.map((r) => r.key));
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  return key;
}

/** A job custom field is in use while a job or requisition holds a value for its key. */
const customFieldValues = (doc: OrgDoc) =>
  doc.entity === 'job' && doc.key ? { [`customFields.${String(doc.key)}`]: { $exists: true, $nin: [null, ''] } } : null;

const userUsage = (field: string): UsageRef => ({ model: 'User', field, what: 'users' });
const positionUsage = (field: string): UsageRef[] => [
  { model: 'Job', field, what: 'jobs' },
  { model: 'Requisition', field, what: 'requisitions' },
];

export const OrgEntities: Record<TOrgKind, OrgEntityDef> = {
  'business-units': {
    model: as(BusinessUnit),
    uniqueField: 'name',
    searchFields: ['name'],
    sort: { name: 1, _id: 1 },
    displayName: (d) => str(d.name),
    prepare: prepareBusinessUnit,
    present: (d) => ({ name: str(d.name), parentId: idOrNull(d.parentId), description: str(d.description) }),
    usage: [
      userUsage('buItemId'),
      { model: 'BusinessUnit', field: 'parentId', what: 'business units under it' },
      ...positionUsage('businessUnitId'),
      { model: 'ApprovalChain', field: 'businessUnitId', what: 'approval chains' },
    ],
  },
  departments: {
    model: as(Department),
    uniqueField: 'name',
    searchFields: ['name'],
    sort: { name: 1, _id: 1 },
    displayName: (d) => str(d.name),
    present: (d) => ({ name: str(d.name), description: str(d.description) }),
    usage: [userUsage('department'), ...positionUsage('departmentId')],
  },
  locations: {
    model: as(Location),
    uniqueField: 'name',
    searchFields: ['name', 'city', 'country'],
    sort: { name: 1, _id: 1 },
    displayName: (d) => str(d.name),
    prepare: prepareLocation,
    present: (d) => ({
      name: str(d.name),
      city: str(d.city),
      country: str(d.country),
      addresses: ((d.addresses as { label: string; address: string }[]) ?? []).map((a) => ({ label: a.label, address: a.address })),
    }),
    usage: [userUsage('location'), ...positionUsage('locationId')],
  },
  campuses: {
    model: as(Campus),
    uniqueField: 'name',
    searchFields: ['name', 'city'],
    sort: { name: 1, _id: 1 },
    displayName: (d) => str(d.name),
    present: (d) => ({ name: str(d.name), city: str(d.city), contactName: str(d.contactName), contactEmail: str(d.contactEmail) }),
    usage: [{ model: 'Job', field: 'campusId', what: 'jobs' }],
  },
  clients: {
    model: as(Client),
    uniqueField: 'name',
    searchFields: ['name'],
    sort: { name: 1, _id: 1 },
    displayName: (d) => str(d.name),
    present: (d) => ({ name: str(d.name), website: str(d.website), contactName: str(d.contactName), contactEmail: str(d.contactEmail) }),
    usage: [{ model: 'Job', field: 'clientId', what: 'jobs' }],
  },
  'job-codes': {
    model: as(JobCode),
    uniqueField: 'code',
    searchFields: ['code', 'title'],
    sort: { code: 1, _id: 1 },
    displayName: (d) => `${str(d.code)} — ${str(d.title)}`,
    prepare: prepareJobCode,
    present: (d) => ({ code: str(d.code), title: str(d.title), approvedHeadcount: Number(d.approvedHeadcount ?? 0), usedHeadcount: Number(d.usedHeadcount ?? 0) }),
    usage: positionUsage('jobCodeId'),
  },
  lists: {
    model: as(PickList),
    uniqueField: 'name',
    searchFields: ['name'],
    sort: { name: 1, _id: 1 },
    displayName: (d) => str(d.name),
    present: (d) => ({ name: str(d.name), options: [...((d.options as string[]) ?? [])] }),
    usage: [{ model: 'CustomField', field: 'listId', what: 'custom fields' }],
  },
  tags: {
    model: as(Tag),
    uniqueField: 'name',
    searchFields: ['name'],
    sort: { name: 1, _id: 1 },
    displayName: (d) => str(d.name),
    present: (d) => ({ name: str(d.name), color: str(d.color) || 'gray' }),
    usage: [{ model: 'Candidate', field: 'tags', what: 'candidates', by: 'name' }],
  },
  sources: {
    model: as(Source),
    uniqueField: 'name',
    searchFields: ['name'],
    sort: { name: 1, _id: 1 },
    displayName: (d) => str(d.name),
    present: (d) => ({ name: str(d.name), description: str(d.description) }),
    usage: [{ model: 'Candidate', field: 'sourceName', what: 'candidates', by: 'name' }],
  },
  'custom-fields': {
    model: as(CustomField),
    uniqueField: 'label',
    uniqueScope: (merged) => ({ entity: merged.entity }),
    searchFields: ['label'],
    sort: { entity: 1, order: 1, label: 1, _id: 1 },
    displayName: (d) => str(d.label),
    prepare: prepareCustomField,
    present: (d) => ({
      entity: str(d.entity),
      label: str(d.label),
      key: str(d.key),
      type: str(d.type),
      listId: idOrNull(d.listId),
      required: Boolean(d.required),
      order: Number(d.order ?? 0),
    }),
    usage: positionUsage('customFields').map((ref) => ({ ...ref, match: customFieldValues })),
  },
};

export const labelOf = (kind: TOrgKind) => OrgKindLabels[kind].one;
