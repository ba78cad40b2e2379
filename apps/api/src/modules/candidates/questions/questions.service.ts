import { Types } from 'mongoose';
import {
  ScreeningQuestionMessages,
  ScreeningQuestionRules,
  type TScreeningQuestion,
  type TScreeningQuestionList,
  type TScreeningQuestionType,
} from '@hireflow/contracts/candidates-questions';
import { AppError } from '../../../lib/app-error';
import { escapeRegex } from '../../../lib/escape-regex';
import { ScreeningQuestion, questionTextKey, type ScreeningQuestionDoc } from './screening-question.model';

type Input = { text: string; type: TScreeningQuestionType; options: string[]; active: boolean };

export function presentQuestion(q: Pick<ScreeningQuestionDoc, 'text' | 'type' | 'options' | 'active' | 'updatedAt'> & { _id: Types.ObjectId }): TScreeningQuestion {
  return { id: String(q._id), text: q.text, type: q.type, options: [...q.options], active: q.active, updatedAt: q.updatedAt.toISOString() };
}

const textFilter = (text: string) => (text ? { textKey: { $regex: escapeRegex(questionTextKey(text)) } } : {});
const duplicate = (error: unknown) => (error as { code?: number }).code === 11000;

/** The admin list: every question (active or not), alphabetical, optionally those containing `q`. */
export async function listQuestions({ customerId, page, q }: { customerId: Types.ObjectId; page: number; q: string }): Promise<TScreeningQuestionList> {
  const pageSize = ScreeningQuestionRules.pageSize;
  const filter = { customerId, ...textFilter(q) };
  const [items, total] = await Promise.all([
    ScreeningQuestion.find(filter).sort({ textKey: 1, _id: 1 }).skip((page - 1) * pageSize).limit(pageSize).lean<ScreeningQuestionDoc[]>(),
    ScreeningQuestion.countDocuments(filter),
  ]);
  return { items: items.map(presentQuestion), total, page, pageSize };
}

/** SPEC `POST /api/search/custom/questions/{text}`: active questions containing the text (any case); empty text: the first page. */
export async function searchQuestions({ customerId, text }: { customerId: Types.ObjectId; text: string }) {
  const rows = await ScreeningQuestion.find({ customerId, active: true, ...textFilter(text) })
    .sort({ textKey: 1, _id: 1 })
    .limit(ScreeningQuestionRules.searchLimit)
    .lean<ScreeningQuestionDoc[]>();
  return { questions: rows.map(presentQuestion) };
}

export async function createQuestion({ customerId, by, input }: { customerId: Types.ObjectId; by: Types.ObjectId; input: Input }) {
  try {
    const doc = await ScreeningQuestion.create({ customerId, ...input, textKey: questionTextKey(input.text), createdBy: by });
    return presentQuestion(doc.toObject() as ScreeningQuestionDoc);
  } catch (error) {
    if (duplicate(error)) throw AppError.conflict(ScreeningQuestionMessages.duplicate);
    throw error;
  }
}

async function findQuestion(customerId: Types.ObjectId, id: string) {
  const q = await ScreeningQuestion.findOne({ customerId, _id: new Types.ObjectId(id) });
  if (!q) throw AppError.notFound('Question');
  return q;
}

export async function updateQuestion({ customerId, id, input }: { customerId: Types.ObjectId; id: string; input: Partial<Input> }) {
  const q = await findQuestion(customerId, id);
  const type = input.type ?? q.type;
  // Changing away from single choice drops the options; changing to it needs them.
  const options = input.options ?? (type === 'single_choice' ? q.options : []);
  if (type === 'single_choice' && options.length < 2) throw AppError.badRequest(`options: ${ScreeningQuestionMessages.needsOptions}`);
  if (type !== 'single_choice' && options.length > 0) throw AppError.badRequest(`options: ${ScreeningQuestionMessages.optionsOnlyForChoice}`);
  if (input.text !== undefined) q.set({ text: input.text, textKey: questionTextKey(input.text) });
  q.set({ type, options });
  if (input.active !== undefined) q.set({ active: input.active });
  try {
    await q.save();
  } catch (error) {
    if (duplicate(error)) throw AppError.conflict(ScreeningQuestionMessages.duplicate);
    throw error;
  }
  return presentQuestion(q.toObject() as ScreeningQuestionDoc);
}

/** Forms that copied the question keep their copy: deleting only takes it out of the bank. */
export async function deleteQuestion({ customerId, id }: { customerId: Types.ObjectId; id: string }) {
  const { deletedCount } = await ScreeningQuestion.deleteOne({ customerId, _id: new Types.ObjectId(id) });
  if (!deletedCount) throw AppError.notFound('Question');
}
