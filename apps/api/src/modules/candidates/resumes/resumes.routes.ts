import { Router, type Request } from 'express';
import { ZCandidateIdParams } from '@hireflow/contracts/candidates';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { ResumesApi, ZResumeBatchCommit, ZSkillInput } from '@hireflow/contracts/candidates-resumes';
import { z } from 'zod';
import { authOf, requireAuth, requireRight, tenantOf } from '../../../lib/auth';
import { limitByUser } from '../../../lib/rate-limit';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { assertManagesCandidates } from '../candidates.access';
import { commitResumeBatch, createResumeBatch, getResumeBatch, replaceResume, resumePreview } from './resumes.service';
import { readBatchUpload, readOneResume } from './resume-upload';
import { addSkill, listSkills, removeSkill } from './skills-vocabulary';

/** Résumés: a candidate's résumé and its inline preview, the skills vocabulary, bulk résumé upload. */
export const resumesRouter = Router();

const caller = (req: Request) => ({ ...authOf(req), customerId: tenantOf(req) });
const listsRight = requireRight(CompanySettingsPages['manage-lists']);
const ZBatchParams = z.object({ id: z.string().max(40) });
const UploadLimit = { name: 'user-resume-upload', max: 60, windowSeconds: 60 };

resumesRouter.get(apiPath(ResumesApi.skillsVocabulary), requireAuth, listsRight, async (req, res) => {
  res.json(await listSkills(tenantOf(req)));
});
resumesRouter.post(apiPath(ResumesApi.skillsVocabulary), requireAuth, listsRight, validate({ body: ZSkillInput }), async (req, res) => {
  res.status(201).json(await addSkill(tenantOf(req), (req.body as z.infer<typeof ZSkillInput>).name));
});
resumesRouter.delete(apiPath(ResumesApi.skillsVocabularyItem), requireAuth, listsRight, validate({ params: z.object({ name: z.string().min(1).max(200) }) }), async (req, res) => {
  res.json(await removeSkill(tenantOf(req), req.params.name as string));
});

resumesRouter.post(apiPath(ResumesApi.batches), requireAuth, limitByUser(UploadLimit), async (req, res) => {
  const who = caller(req);
  // Refused before a single byte is stored.
  assertManagesCandidates(who.user);
  const batch = await createResumeBatch(who, (batchId) => readBatchUpload(req, res, { customerId: who.customerId, batchId, uploadedBy: who.user._id }));
  res.status(201).json(batch);
});
resumesRouter.get(apiPath(ResumesApi.batch), requireAuth, validate({ params: ZBatchParams }), async (req, res) => {
  res.json(await getResumeBatch(caller(req), req.params.id as string));
});
resumesRouter.post(apiPath(ResumesApi.batchCommit), requireAuth, validate({ params: ZBatchParams, body: ZResumeBatchCommit }), async (req, res) => {
  res.json(await commitResumeBatch(caller(req), req.params.id as string, (req.body as z.output<typeof ZResumeBatchCommit>).rows));
});

resumesRouter.post(apiPath(ResumesApi.resume), requireAuth, limitByUser(UploadLimit), validate({ params: ZCandidateIdParams }), async (req, res) => {
  const who = caller(req);
  assertManagesCandidates(who.user);
  const file = await readOneResume(req, res);
  res.status(201).json(await replaceResume(who, req.params.id as string, file));
});
resumesRouter.get(apiPath(ResumesApi.preview), requireAuth, validate({ params: ZCandidateIdParams }), async (req, res) => {
  res.json(await resumePreview(caller(req), req.params.id as string));
});
