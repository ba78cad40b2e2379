import type { Types } from 'mongoose';
import type { TJobCustomField } from '@hireflow/contracts/jobs';
import { AppError } from '../../lib/app-error';
import { CustomField } from './custom-field.model';
import { PickList } from './pick-list.model';

/** The entities custom fields can be declared for (custom-fields settings). */
export type CustomFieldEntity = 'job' | 'candidate' | 'application' | 'offer';

const entityNames: Record<CustomFieldEntity, string> = { job: 'jobs', candidate: 'candidates', application: 'applications', offer: 'offers' };

/** The company's active custom fields of one entity, in their order, with their dropdown choices. */
export async function activeCustomFields(customerId: Types.ObjectId, entity: CustomFieldEntity): Promise<TJobCustomField[]> {
  const fields = await CustomField.find({ customerId, entity, status: 'active' }).sort({ order: 1, label: 1 }).lean();
  const listIds = fields.map((f) => f.listId).filter(Boolean);
  const lists = listIds.length ? await PickList.find({ customerId, _id: { $in: listIds } }).lean() : [];
  const choices = new Map(lists.map((l) => [String(l._id), l.options]));
  return fields.map((f) => ({ key: f.key, label: f.label, type: f.type, required: f.required, options: f.listId ? (choices.get(String(f.listId)) ?? []) : [] }));
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** What is wrong with one value for its field's type, or null. */
function typeProblem(field: TJobCustomField, value: unknown): string | null {
  switch (field.type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `${field.label} must be a number`;
    case 'yesno':
      return typeof value === 'boolean' ? null : `${field.label} must be yes or no`;
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)) ? null : `${field.label} must be a date (YYYY-MM-DD)`;
    case 'dropdown':
      return field.options.includes(String(value)) ? null : `${field.label} must be one of ${field.options.join(', ')}`;
    default:
      return typeof value === 'string' ? null : `${field.label} must be text`;
  }
}

/**
 * The one check of custom-field values, for every write of every entity that has them: every key is a
 * field declared for the entity (a value kept for a field since switched off may stay), every required
 * active field has a value, and each value fits its field's type and list. Answers 400 before anything
 * is written. Call it with the complete set of values the record will hold.
 */
export async function assertCustomFieldValues(customerId: Types.ObjectId, entity: CustomFieldEntity, values: Record<string, unknown>): Promise<void> {
  const [active, declared] = await Promise.all([
    activeCustomFields(customerId, entity),
    CustomField.find({ customerId, entity }, { key: 1 }).lean(),
  ]);
  const declaredKeys = new Set(declared.map((f) => f.key));
  const undeclared = Object.keys(values).find((key) => !declaredKeys.has(key));
  if (undeclared !== undefined) throw AppError.badRequest(`customFields.${undeclared}: is not a custom field of ${entityNames[entity]}`);
  for (const field of active) {
    const value = values[field.key];
    if (isEmpty(value)) {
      if (field.required) throw AppError.badRequest(`customFields.${field.key}: ${field.label} is required`);
      continue;
    }
    const problem = typeProblem(field, value);
    if (problem) throw AppError.badRequest(`customFields.${field.key}: ${problem}`);
  }
}
