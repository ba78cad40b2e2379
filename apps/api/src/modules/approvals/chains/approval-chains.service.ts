import { Types } from 'mongoose';
import type { TApprovalChain, TApprovalKind, TSaveApprovalChainRequest } from '@hireflow/contracts/approvals';
import { assertCompanyUsers, assertOrgRefs, loadRefs, refOf, refsOf } from '../../jobs/refs';
import { ApprovalChain } from './approval-chain.model';

// The chains of company-settings/approvers: who approves what, per kind and business unit.

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
