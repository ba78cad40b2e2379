import { Types } from 'mongoose';
import { MailTemplateLimits, ZMailTemplateInput, type TMailTemplate, type TMailTemplateKind } from '@hireflow/contracts/mail-templates';
import { htmlToText, isHtmlBody } from '@hireflow/contracts/mail-fill';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { MailTemplate, type MailTemplateDoc } from './mail-template.model';
import { sanitizeRichText } from '../../lib/rich-text';
import { assertMergeFieldsFor } from './merge-fields';

type Input = z.output<typeof ZMailTemplateInput>;

/**
 * What a template may hold: only the merge fields of its kind (the refusal names the field), and a
 * rich-text body sanitised by the allow-list (scripts, styles and handlers dropped); plain text stays as it is.
 */
function checkedInput(input: Input): Input {
  assertMergeFieldsFor(input.kind, input.subject, input.body);
  if (!isHtmlBody(input.body)) return input;
  const body = sanitizeRichText(input.body);
  if (!htmlToText(body)) throw AppError.badRequest('body: is required');
  return { ...input, body };
}

export function presentTemplate(t: MailTemplateDoc): TMailTemplate {
  return { id: String(t._id), kind: t.kind as TMailTemplateKind, name: t.name, subject: t.subject, body: t.body, updatedAt: t.updatedAt.toISOString() };
}

export async function listTemplates(customerId: Types.ObjectId, kind?: TMailTemplateKind) {
  const rows = await MailTemplate.find({ customerId, ...(kind ? { kind } : {}) }).sort({ name: 1 }).limit(MailTemplateLimits.perCompany).lean<MailTemplateDoc[]>();
  return { items: rows.map(presentTemplate) };
}

export async function findTemplate(customerId: Types.ObjectId, id: string) {
  if (!Types.ObjectId.isValid(id)) throw AppError.notFound('Template');
  const t = await MailTemplate.findOne({ customerId, _id: new Types.ObjectId(id) }).lean<MailTemplateDoc>();
  if (!t) throw AppError.notFound('Template');
  return t;
}

export async function createTemplate(customerId: Types.ObjectId, actorId: Types.ObjectId, input: Input) {
  input = checkedInput(input);
  if ((await MailTemplate.countDocuments({ customerId })) >= MailTemplateLimits.perCompany) {
    throw AppError.badRequest(`A company may keep at most ${MailTemplateLimits.perCompany} templates.`);
  }
  const created = await MailTemplate.create({ customerId, ...input, createdBy: actorId, updatedBy: actorId });
  return presentTemplate(created.toObject() as MailTemplateDoc);
}

export async function updateTemplate(customerId: Types.ObjectId, actorId: Types.ObjectId, id: string, input: Input) {
  const existing = await findTemplate(customerId, id);
  input = checkedInput(input);
  const updated = await MailTemplate.findOneAndUpdate({ customerId, _id: existing._id }, { $set: { ...input, updatedBy: actorId } }, { returnDocument: 'after' }).lean<MailTemplateDoc>();
  return presentTemplate(updated!);
}

export async function deleteTemplate(customerId: Types.ObjectId, id: string) {
  const existing = await findTemplate(customerId, id);
  await MailTemplate.deleteOne({ customerId, _id: existing._id });
  return { deleted: true };
}
