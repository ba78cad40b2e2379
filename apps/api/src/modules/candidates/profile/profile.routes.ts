import { Router, type Request } from 'express';
import { ZCandidateIdParams } from '@hireflow/contracts/candidates';
import { CandidateProfileApi, ZAddNoteRequest, ZAddToJobRequest, ZTimelineQuery, ZUpdateCandidateRequest } from '@hireflow/contracts/candidates-profile';
import { authOf, requireAuth, tenantOf } from '../../../lib/auth';
import { limitByUser, type RateRule } from '../../../lib/rate-limit';
import { validate } from '../../../lib/validate';
import { apiPath, jobsContext } from '../../jobs/jobs.context';
import { addCandidateToJob } from './add-to-job.service';
import { getApplicationDetail } from './application-detail.service';
import { addNote, listMyMentions, listNotes, markMentionRead } from './notes.service';
import { getProfile, updateProfile } from './profile.service';
import { listTimeline } from './timeline.service';

/** Notes send mail to the colleagues they mention: a runaway script must not flood their inboxes. */
export const NoteWriteLimit: RateRule = { name: 'candidate-notes', max: 120, windowSeconds: 3600 };

const caller = (req: Request) => ({ ...authOf(req), customerId: tenantOf(req) });
const idOf = (req: Request) => req.params.id as string;

/** Mentions have fixed paths: mount this before any /api/candidates/:id router. */
export const mentionsRouter = Router();

mentionsRouter.get(apiPath(CandidateProfileApi.mentions), requireAuth, async (req, res) => {
  res.json(await listMyMentions(caller(req)));
});

mentionsRouter.post(apiPath(CandidateProfileApi.mentionRead), requireAuth, validate({ params: ZCandidateIdParams }), async (req, res) => {
  res.json(await markMentionRead(caller(req), idOf(req)));
});

/** /candidate/{id} and /application/{id}: the profile, its timeline and notes, edit, add to a job. */
export const profileRouter = Router();

// Only ids reach these handlers: another sub-area's fixed path (/api/candidates/saved-searches...) mounted
// after this router still gets its request, and anything else ends in the API's 404.
profileRouter.param('id', (_req, _res, next, id: string) => (/^[a-f0-9]{24}$/i.test(id) ? next() : next('route')));

profileRouter.get(apiPath(CandidateProfileApi.profile), requireAuth, validate({ params: ZCandidateIdParams }), async (req, res) => {
  res.json(await getProfile(caller(req), idOf(req)));
});

profileRouter.patch(apiPath(CandidateProfileApi.profile), requireAuth, validate({ params: ZCandidateIdParams, body: ZUpdateCandidateRequest }), async (req, res) => {
  res.json(await updateProfile(caller(req), idOf(req), req.body));
});

profileRouter.get(apiPath(CandidateProfileApi.timeline), requireAuth, validate({ params: ZCandidateIdParams, query: ZTimelineQuery }), async (req, res) => {
  res.json(await listTimeline(caller(req), idOf(req), (req.query as { before?: string }).before));
});

profileRouter.get(apiPath(CandidateProfileApi.notes), requireAuth, validate({ params: ZCandidateIdParams }), async (req, res) => {
  res.json(await listNotes(caller(req), idOf(req)));
});

profileRouter.post(apiPath(CandidateProfileApi.notes), requireAuth, limitByUser(NoteWriteLimit), validate({ params: ZCandidateIdParams, body: ZAddNoteRequest }), async (req, res) => {
  res.status(201).json(await addNote(caller(req), jobsContext(req).mail, idOf(req), req.body));
});

profileRouter.post(apiPath(CandidateProfileApi.applications), requireAuth, validate({ params: ZCandidateIdParams, body: ZAddToJobRequest }), async (req, res) => {
  res.status(201).json(await addCandidateToJob(caller(req), idOf(req), (req.body as { jobId: string }).jobId));
});

profileRouter.get(apiPath(CandidateProfileApi.application), requireAuth, validate({ params: ZCandidateIdParams }), async (req, res) => {
  res.json(await getApplicationDetail(caller(req), idOf(req)));
});
