import { Types } from 'mongoose';
import { AutomationMessages, type TSaveStageAutomationsRequest, type TStageAutomations, type TStageAutomationsList, type TStageAutomationAction } from '@hireflow/contracts/pipeline';
import type { TStageKind } from '@hireflow/contracts/jobs';
import { ErrorCodes } from '@hireflow/contracts/errors';
import { AppError } from '../../../lib/app-error';
import { MailTemplate } from '../../mail/mail-template.model';
import { getWorkflowStages } from '../../jobs/job-settings.service';
import { WorkflowTemplate } from '../../jobs/workflow-template.model';

/** One stored automation of a template stage. */
export type StoredAutomation = { _id: Types.ObjectId; action: TStageAutomationAction; templateId: Types.ObjectId | null; delayMinutes: number };
type TemplateStage = { _id: Types.ObjectId; name: string; kind: TStageKind; automations?: StoredAutomation[] };

async function present(customerId: Types.ObjectId, stages: TemplateStage[]): Promise<TStageAutomations[]> {
  const templateIds = stages.flatMap((s) => (s.automations ?? []).map((a) => a.templateId).filter((id): id is Types.ObjectId => !!id));
  const templates = templateIds.length ? await MailTemplate.find({ customerId, _id: { $in: templateIds } }, { name: 1 }).lean() : [];
  const nameOf = new Map(templates.map((t) => [String(t._id), t.name]));
  return stages.map((s) => ({
    stageId: String(s._id),
    name: s.name,
    kind: s.kind,
    automations: (s.automations ?? []).map((a) => ({
      id: String(a._id),
      action: a.action,
      templateId: a.templateId ? String(a.templateId) : null,
      templateName: a.templateId ? (nameOf.get(String(a.templateId)) ?? '') : '',
      delayMinutes: a.delayMinutes,
    })),
  }));
}

/** Every stage of the company's workflow template with its automations (the workflow settings page). */
export async function listStageAutomations(customerId: Types.ObjectId): Promise<TStageAutomationsList> {
  return { stages: await present(customerId, (await getWorkflowStages(customerId)) as TemplateStage[]) };
}

/** Replaces one template stage's automations; every mail template named must be one of the company's pipeline templates. */
export async function saveStageAutomations({ customerId, actorId, stageId, input }: { customerId: Types.ObjectId; actorId: Types.ObjectId; stageId: string; input: TSaveStageAutomationsRequest }): Promise<TStageAutomations> {
  const automations = input.automations.map((a) => ({
    _id: new Types.ObjectId(),
    action: a.action,
    // Only a candidate mail has a template; the team mails are written by Hireflow.
    templateId: a.action === 'send_candidate_mail' && a.templateId ? new Types.ObjectId(a.templateId) : null,
    delayMinutes: a.delayMinutes ?? 0,
  }));
  const templateIds = [...new Set(automations.flatMap((a) => (a.templateId ? [String(a.templateId)] : [])))];
  if (templateIds.length) {
    const found = await MailTemplate.countDocuments({ customerId, kind: 'pipeline', _id: { $in: templateIds.map((id) => new Types.ObjectId(id)) } });
    if (found !== templateIds.length) throw AppError.badRequest(AutomationMessages.unknownTemplate);
  }
  await getWorkflowStages(customerId);
  const stageObjectId = Types.ObjectId.isValid(stageId) ? new Types.ObjectId(stageId) : null;
  const result = stageObjectId
    ? await WorkflowTemplate.updateOne({ customerId, 'stages._id': stageObjectId }, { $set: { 'stages.$.automations': automations, updatedBy: actorId } })
    : { matchedCount: 0 };
  if (result.matchedCount === 0) throw new AppError(ErrorCodes.notFound, { status: 404, message: AutomationMessages.unknownStage });
  const template = await WorkflowTemplate.findOne({ customerId }, { stages: 1 }).lean();
  const stage = (template?.stages as TemplateStage[] | undefined)?.find((s) => String(s._id) === stageId);
  return (await present(customerId, [stage!]))[0]!;
}

/**
 * The automations that apply to a job's stage: those of the template stage of the same kind and name
 * (case-insensitive). Jobs copy their stages from the template, so a renamed template stage no longer
 * matches the stages of older jobs.
 */
export async function automationsForStage(customerId: Types.ObjectId, stage: { name: string; kind: string }): Promise<StoredAutomation[]> {
  const template = await WorkflowTemplate.findOne({ customerId }, { stages: 1 }).lean();
  const name = stage.name.trim().toLowerCase();
  const match = (template?.stages as TemplateStage[] | undefined)?.find((s) => s.kind === stage.kind && s.name.trim().toLowerCase() === name);
  return match?.automations ?? [];
}
