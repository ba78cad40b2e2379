import { Types } from 'mongoose';
import { brandCandidateMail, brandOf } from '../../company/brand';
import { PrivacyPages } from '@hireflow/contracts/privacy';
import type { z } from 'zod';
import type { TInterviewListResponse, TInterviewTemplateResponse, ZInterviewListQuery, ZInterviewTemplateRequest } from '@hireflow/contracts/interviews-scheduling';
import { seesWholeDatabase } from '../../candidates/candidates.access';
import { Job } from '../../jobs/job.model';
import { Interview, type InterviewDoc } from '../interview.model';
import { presentInterviews } from '../interview.presenter';
import { findSchedulableApplication, roomOfCompany, type Caller } from './schedule-checks';
import { findInterviewTemplate, loadInvitationContext, renderCandidateInvitation } from './invitation';

type ListQuery = z.output<typeof ZInterviewListQuery>;
type TemplateRequest = z.output<typeof ZInterviewTemplateRequest>;

/**
 * The interviews the caller sees (whole company for recruiters and admins; else those of their jobs and
 * those they sit on), filtered; at most `limit`, oldest first from `from` on, else newest first.
 */
export async function listInterviews(auth: Caller, q: ListQuery): Promise<TInterviewListResponse> {
  const customerId = auth.customerId;
  const me = auth.user._id;
  const filter: Record<string, unknown> = { customerId };
  if (!seesWholeDatabase(auth.user)) {
    const jobs = await Job.find({ customerId, memberIds: me }, { _id: 1 }).lean();
    filter.$or = [{ jobId: { $in: jobs.map((j) => j._id) } }, { interviewerIds: me }];
  }
  if (q.applicationId) filter.applicationId = new Types.ObjectId(q.applicationId);
  if (q.candidateId) filter.candidateId = new Types.ObjectId(q.candidateId);
  if (q.jobId) filter.jobId = new Types.ObjectId(q.jobId);
  if (q.mine) filter.interviewerIds = me;
  if (q.status) filter.status = q.status;
  if (q.from || q.to) filter.start = { ...(q.from ? { $gte: new Date(q.from) } : {}), ...(q.to ? { $lt: new Date(q.to) } : {}) };
  const rows = await Interview.find(filter).sort({ start: q.from ? 1 : -1, _id: 1 }).limit(q.limit + 1).lean<InterviewDoc[]>();
  return { items: await presentInterviews(customerId, rows.slice(0, q.limit)), hasMore: rows.length > q.limit };
}

/** The next whole hour a day from now: the time the preview shows before one is picked. */
const placeholderStart = (now: Date) => new Date(Math.ceil((now.getTime() + 86_400_000) / 3_600_000) * 3_600_000);

/** SPEC gettemplateforinterview: the invitation the candidate would get, rendered by the function the sending uses. */
export async function interviewTemplatePreview(auth: Caller, input: TemplateRequest, { now, publicUrl }: { now: Date; publicUrl: string }): Promise<TInterviewTemplateResponse> {
  const customerId = auth.customerId;
  const { application, job } = await findSchedulableApplication(auth, input.applicationId);
  const template = input.templateId ? await findInterviewTemplate(customerId, new Types.ObjectId(input.templateId)) : null;
  const room = input.mode === 'onsite' && input.roomId ? await roomOfCompany(customerId, input.roomId) : null;
  const interviewerIds = [...new Set(input.interviewerIds ?? [])].map((id) => new Types.ObjectId(id));
  const ctx = await loadInvitationContext(customerId, {
    job, candidateId: application.candidateId, senderId: auth.user._id, interviewerIds, roomId: room?._id ?? null, templateId: null, publicUrl,
  });
  ctx.template = template;
  const rendered = renderCandidateInvitation(ctx, {
    uid: '', sequence: 0, roundName: input.roundName || 'Interview', start: input.start ? new Date(input.start) : placeholderStart(now),
    durationMinutes: input.durationMinutes ?? 60, timeZone: input.timeZone || auth.user.timezone || 'UTC', mode: input.mode ?? 'video',
    roomId: room?._id ?? null, videoLink: input.videoLink ?? '', phone: input.phone ?? '', interviewerIds,
  });
  // What the candidate gets: the same brand frame as the sent mail (schedule.service); the preview shows where
  // their personal privacy link goes without making one.
  return { templateId: template ? String(template.id) : null, ...brandCandidateMail(await brandOf(customerId, publicUrl), rendered, `${publicUrl}${PrivacyPages.page('(personal link)')}`) };
}
