import { Schema, model, type Types } from 'mongoose';
import { ResumeBatchLimits } from '@hireflow/contracts/candidates-resumes';
import { AppError } from '../../../lib/app-error';
import { tenantField, tenantOwned } from '../../../lib/tenancy';
import { DefaultSkills } from './resume-suggest';

/** A company's skills vocabulary (what résumés are matched against): the default list, then what admins add or remove. */
const skillsVocabularySchema = new Schema(
  {
    customerId: tenantField(),
    skills: { type: [String], default: [] },
  },
  { timestamps: true },
);
tenantOwned(skillsVocabularySchema);
skillsVocabularySchema.index({ customerId: 1 }, { unique: true });
export const SkillsVocabulary = model('SkillsVocabulary', skillsVocabularySchema);

/** The company's vocabulary; the first read stores the default list for it. */
export async function skillsVocabularyOf(customerId: Types.ObjectId): Promise<string[]> {
  const found = await SkillsVocabulary.findOne({ customerId }, { skills: 1 }).lean();
  if (found) return found.skills;
  try {
    await SkillsVocabulary.create({ customerId, skills: DefaultSkills });
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
  }
  return (await SkillsVocabulary.findOne({ customerId }, { skills: 1 }).lean())?.skills ?? DefaultSkills;
}

const sorted = (skills: string[]) => [...skills].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));

export async function listSkills(customerId: Types.ObjectId) {
  return { items: sorted(await skillsVocabularyOf(customerId)) };
}

export async function addSkill(customerId: Types.ObjectId, name: string) {
  const skills = await skillsVocabularyOf(customerId);
  if (skills.some((s) => s.toLowerCase() === name.toLowerCase())) throw AppError.conflict(`"${name}" is already in the skills list.`);
  if (skills.length >= ResumeBatchLimits.maxSkills) throw AppError.badRequest(`The skills list holds at most ${ResumeBatchLimits.maxSkills} skills.`);
  await SkillsVocabulary.updateOne({ customerId }, { $push: { skills: name } });
  return listSkills(customerId);
}

export async function removeSkill(customerId: Types.ObjectId, name: string) {
  const skills = await skillsVocabularyOf(customerId);
  const found = skills.find((s) => s.toLowerCase() === name.trim().toLowerCase());
  if (!found) throw AppError.notFound('Skill');
  await SkillsVocabulary.updateOne({ customerId }, { $pull: { skills: found } });
  return listSkills(customerId);
}
