import { Types } from 'mongoose';
import type { TStage, TUpdateWorkflowTemplateRequest } from '@hireflow/contracts/jobs';
import { WorkflowTemplate, DefaultStages } from './workflow-template.model';

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
