import type { TScreeningQuestionType } from '@hireflow/contracts/candidates-questions';
import { Customer } from '../modules/org/customer.model';
import { ScreeningQuestion, questionTextKey } from '../modules/candidates/questions/screening-question.model';

const AcmeQuestions: { text: string; type: TScreeningQuestionType; options?: string[]; active?: boolean }[] = [
  { text: 'Do you have the right to work in the EU?', type: 'yes_no' },
  { text: 'How many years of professional experience do you have?', type: 'number' },
  { text: 'What is your notice period?', type: 'single_choice', options: ['Immediately', '2 weeks', '1 month', '3 months or more'] },
  { text: 'What is your yearly salary expectation (EUR)?', type: 'number' },
  { text: 'Why do you want to join us?', type: 'long_text' },
  { text: 'Link to your portfolio or GitHub profile', type: 'short_text' },
  { text: 'Are you willing to relocate?', type: 'yes_no' },
  { text: 'How would you like to work?', type: 'single_choice', options: ['On site', 'Hybrid', 'Remote'] },
  { text: 'Do you hold a driving licence?', type: 'yes_no', active: false },
];

/** Acme's screening question bank (company-settings/page-customization/questions), one retired question included. */
export async function seedScreeningQuestions() {
  const acme = await Customer.findOne({ slug: 'acme' }, { _id: 1 }).lean();
  if (!acme || (await ScreeningQuestion.exists({ customerId: acme._id }))) return;
  await ScreeningQuestion.insertMany(AcmeQuestions.map((q) => ({ customerId: acme._id, options: [], active: true, ...q, textKey: questionTextKey(q.text) })));
}
