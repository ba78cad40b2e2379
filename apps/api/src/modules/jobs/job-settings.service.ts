import { Types } from 'mongoose';
import type { TApprovalChain, TApprovalKind, TSaveApprovalChainRequest, TStage, TUpdateWorkflowTemplateRequest } from '@hireflow/contracts/jobs';
import { WorkflowTemplate, DefaultStages } from './workflow-template.model';
import { ApprovalChain } from './approval-chain.model';
import { assertCompanyUsers, assertOrgRefs, loadRefs, refOf, refsOf } from './refs';

type StageRow = { _id: Types.ObjectId; name: string; kind: TStage['kind'] };

/** The company's workflow stages; a company that never edited them gets the defaults (stored once). */
export async function getWorkflowStages(customerId: Types.ObjectId): Promise<StageRow[]> {
  const existing = await WorkflowTemplate.findOne({ customerId }).lean();
  if (existing) return existing.stages as StageRow[];
  const stages = DefaultStages.map((s) => ({ _id: new Types.ObjectId(), ...s }));
  const created = await WorkflowTemplate.findOneAndUpdate(
    { customerId },
    { $setOnInsert: { customerId, stages } },
    { upsert: true, returnDocument: 'after', lean: true },
  );
  return created!.stages as StageRow[];
}

export const presentStages = (stages: StageRow[]): TStage[] => stages.map((s) => ({ id: String(s._id), name: s.name, kind: s.kind }));

export async function updateWorkflowStages({ customerId, actorId, input }: { customerId: Types.ObjectId; actorId: Types.ObjectId; input: TUpdateWorkflowTemplateRequest }) {
  // Stages keep their ids (and their automations) across edits; jobs already created keep the copy they were made with.
  const before = await WorkflowTemplate.findOne({ customerId }, { stages: 1 }).lean();
  const automationsOf = new Map((before?.stages ?? []).map((s) => [String(s._id), s.automations ?? []]));
  const stages = input.stages.map((s) => ({ _id: s.id ? new Types.ObjectId(s.id) : new Types.ObjectId(), name: s.name, kind: s.kind, automations: (s.id && automationsOf.get(s.id)) || [] }));
  await WorkflowTemplate.updateOne({ customerId }, { $set: { stages, updatedBy: actorId } }, { upsert: true });
  return presentStages(stages);
}

export async function listApprovalChains({ customerId, kind }: { customerId: Types.ObjectId; kind?: TApprovalKind }): Promise<TApprovalChain[]> {
  const chains = await ApprovalChain.find({ customerId, ...(kind ? { kind } : {}) }).sort({ kind: 1, businessUnitId: 1 }).lean();
  const refs = await loadRefs(customerId, { users: chains.flatMap((c) => c.approverIds), businessUnits: chains.map((c) => c.businessUnitId) });
  return chains.map((c) => ({
    id: String(c._id),
    kind: c.kind,
    businessUnit: refOf(refs.businessUnits, c.businessUnitId),
    approvers: refsOf(refs.users, c.approverIds),
  }));
}

/** Saves one chain; an empty approver list removes it (the company default then applies). */
export async function saveApprovalChain({ customerId, actorId, input }: { customerId: Types.ObjectId; actorId: Types.ObjectId; input: TSaveApprovalChainRequest }) {
  await assertOrgRefs(customerId, { businessUnitId: input.businessUnitId });
  await assertCompanyUsers(customerId, 'approverIds', input.approverIds);
  const key = { customerId, kind: input.kind, businessUnitId: input.businessUnitId ? new Types.ObjectId(input.businessUnitId) : null };
  if (input.approverIds.length === 0) await ApprovalChain.deleteOne(key);
  else await ApprovalChain.updateOne(key, { $set: { approverIds: input.approverIds.map((id) => new Types.ObjectId(id)), updatedBy: actorId } }, { upsert: true });
  return listApprovalChains({ customerId, kind: input.kind });
}

/** The approvers for a request: the business unit's own chain when it has one, else the company default. */
export async function approversFor(customerId: Types.ObjectId, kind: TApprovalKind, businessUnitId: Types.ObjectId | null): Promise<Types.ObjectId[]> {
  if (businessUnitId) {
    const own = await ApprovalChain.findOne({ customerId, kind, businessUnitId }).lean();
    if (own?.approverIds.length) return own.approverIds;
  }
  const fallback = await ApprovalChain.findOne({ customerId, kind, businessUnitId: null }).lean();
  return fallback?.approverIds ?? [];
}
