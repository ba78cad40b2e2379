import { Router } from 'express';
import { z } from 'zod';
import { Types } from 'mongoose';
import { ZObjectId } from '@hireflow/contracts/common';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { ZSearchText } from '@hireflow/contracts/users';
import {
  ScreeningQuestionsApi,
  ZCreateScreeningQuestion,
  ZScreeningQuestionListQuery,
  ZUpdateScreeningQuestion,
} from '@hireflow/contracts/candidates-questions';
import { authOf, requireAuth, requireRight, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { createQuestion, deleteQuestion, listQuestions, searchQuestions, updateQuestion } from './questions.service';

/** The screening question bank: admins (page-customization right) manage it; every signed-in user of the company searches it. */
export const questionsRouter = Router();

const managesBank = requireRight(CompanySettingsPages['page-customization']);
const ZIdParams = z.object({ id: ZObjectId });

// SPEC section 7; the text may be empty (`/api/search/custom/questions/`): then the bank's first page.
questionsRouter.post(
  apiPath(ScreeningQuestionsApi.search).replace('/:text', '{/:text}'),
  requireAuth,
  validate({ params: z.object({ text: ZSearchText.optional().default('') }) }),
  async (req, res) => {
    res.json(await searchQuestions({ customerId: tenantOf(req), text: (req.params as unknown as { text: string }).text }));
  },
);

questionsRouter.get(apiPath(ScreeningQuestionsApi.list), requireAuth, managesBank, validate({ query: ZScreeningQuestionListQuery }), async (req, res) => {
  const { page, q } = req.query as unknown as z.output<typeof ZScreeningQuestionListQuery>;
  res.json(await listQuestions({ customerId: tenantOf(req), page, q }));
});

questionsRouter.post(apiPath(ScreeningQuestionsApi.list), requireAuth, managesBank, validate({ body: ZCreateScreeningQuestion }), async (req, res) => {
  res.status(201).json(await createQuestion({ customerId: tenantOf(req), by: new Types.ObjectId(authOf(req).userId), input: req.body }));
});

questionsRouter.patch(apiPath(ScreeningQuestionsApi.one), requireAuth, managesBank, validate({ params: ZIdParams, body: ZUpdateScreeningQuestion }), async (req, res) => {
  res.json(await updateQuestion({ customerId: tenantOf(req), id: req.params.id as string, input: req.body }));
});

questionsRouter.delete(apiPath(ScreeningQuestionsApi.one), requireAuth, managesBank, validate({ params: ZIdParams }), async (req, res) => {
  await deleteQuestion({ customerId: tenantOf(req), id: req.params.id as string });
  res.status(204).end();
});
