import { DateTime } from 'luxon';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { InterviewMessages, type TFreeSlotResponse } from '@hireflow/contracts/interviews';
import { mergeFieldsIn } from '@hireflow/contracts/mail-templates';
import type { TSelfScheduleLink, ZSelfScheduleLinkRequest } from '@hireflow/contracts/interviews-scheduling';
import { SelfScheduleMessages } from '@hireflow/contracts/interviews-scheduling';
import { AppError } from '../../../lib/app-error';
import { hashKey, randomKey } from '../../auth/auth.crypto';
import { sendMail } from '../../../lib/mailer';
import { Location } from '../../org/location.model';
import { recordCandidateActivity } from '../../candidates/candidate-activity';
import { User, type UserDoc } from '../../users/user.model';
import { findFreeSlots } from '../availability/free-slots';
import { activeInterviewers, findSchedulableApplication, roundOfJob, type Caller } from '../schedule/schedule-checks';
import { brandMailOf } from '../../company/brand';
import { findInterviewTemplate, formatInterviewTime, interviewMergeValues, loadInvitationContext, renderFromTemplate } from '../schedule/invitation';
import { scheduleInterview, type ChangeContext } from '../schedule/schedule.service';
import { SelfScheduleLink, type SelfScheduleLinkDoc } from './self-schedule-link.model';

type LinkInput = z.output<typeof ZSelfScheduleLinkRequest>;

export const selfScheduleUrl = (publicUrl: string, token: string) => `${publicUrl}/schedule/${token}`;

const LinkSubject = 'Pick a time for your interview: {{job.title}} at {{company.name}}';
const LinkBody = `Hello {{candidate.firstName}},

We would like to invite you to an interview ({{interview.round}}, {{interview.duration}}, {{interview.mode}}) for the {{job.title}} position at {{company.name}}.

Please pick a time that suits you: {{interview.scheduleLink}}

The link works once.

Kind regards,
{{sender.name}}`;

/** The free slots the link offers now (never in the past), in the time zone asked for. */
export function slotsOfLink(link: SelfScheduleLinkDoc, timeZone: string, now: Date): Promise<TFreeSlotResponse> {
  return findFreeSlots(link.customerId, {
    interviewerIds: link.interviewerIds.map(String),
    durationMinutes: link.durationMinutes,
    from: link.from.toISOString(),
    to: link.to.toISOString(),
    timeZone,
    ...(link.roomAddressId ? { addressId: String(link.roomAddressId) } : {}),
  }, now);
}

/**
 * Creates a single-use link for the candidate to pick one of the panel's free slots in the window, and
 * mails it to them (from the chosen template when it has {{interview.scheduleLink}}, else the built-in text).
 */
export async function createSelfScheduleLink(ctx: ChangeContext, input: LinkInput): Promise<TSelfScheduleLink> {
  const { auth, now } = ctx;
  const customerId = auth.customerId;
  const { application, job } = await findSchedulableApplication(auth, input.applicationId);
  const interviewerIds = await activeInterviewers(customerId, input.interviewerIds);
  const round = input.roundId ? await roundOfJob(customerId, job._id, input.roundId) : { roundId: null, roundName: input.roundName || 'Interview' };
  if (input.mode === 'onsite' && !(await Location.exists({ customerId, 'addresses._id': new Types.ObjectId(input.roomAddressId!) }))) throw AppError.notFound('Office address');
  const template = input.templateId ? await findInterviewTemplate(customerId, new Types.ObjectId(input.templateId)) : null;
  const linkTemplate = template && mergeFieldsIn(template.subject, template.body).has('interview.scheduleLink') ? template : null;

  const token = randomKey();
  const expiresAt = new Date(now.getTime() + input.expiresInDays * 86_400_000);
  const link = (await SelfScheduleLink.create({
    customerId, tokenHash: hashKey(token), applicationId: application._id, candidateId: application.candidateId, jobId: job._id,
    roundId: round.roundId, roundName: round.roundName, durationMinutes: input.durationMinutes, interviewerIds, mode: input.mode,
    roomAddressId: input.mode === 'onsite' ? new Types.ObjectId(input.roomAddressId!) : null,
    videoLink: input.mode === 'video' ? input.videoLink : '', phone: input.mode === 'phone' ? input.phone : '',
    from: new Date(input.from), to: new Date(input.to), timeZone: input.timeZone,
    // A template made for the link mail is not the invitation: the booked invitation then uses the built-in text.
    templateId: template && !linkTemplate ? template.id : null,
    expiresAt, createdBy: auth.user._id,
  })).toObject() as SelfScheduleLinkDoc;

  const url = selfScheduleUrl(ctx.publicUrl, token);
  const slots = await slotsOfLink(link, input.timeZone, now);
  const invitation = await loadInvitationContext(customerId, { job, candidateId: application.candidateId, senderId: auth.user._id, interviewerIds, roomId: null, templateId: null, publicUrl: ctx.publicUrl });
  const values = {
    ...interviewMergeValues(invitation, {
      uid: '', sequence: 0, roundName: round.roundName, start: link.from, durationMinutes: input.durationMinutes, timeZone: input.timeZone, mode: input.mode,
      roomId: null, videoLink: link.videoLink, phone: link.phone, interviewerIds,
    }, { scheduleLink: url }),
    'interview.start': '',
  };
  const rendered = renderFromTemplate(invitation, values, linkTemplate, { subject: LinkSubject, body: `${LinkBody.replace('The link works once.', `The link works once, until ${formatInterviewTime(expiresAt, input.timeZone)}.`)}` });
  let mail: TSelfScheduleLink['mail'] = 'no_email';
  if (invitation.candidate.email) {
    const outcome = await sendMail(ctx.mail, { to: invitation.candidate.email, ...(await brandMailOf(customerId, ctx.publicUrl, rendered, { candidateId: application.candidateId })), kind: 'interview-self-schedule' });
    mail = outcome.delivered ? 'sent' : 'failed';
    await recordCandidateActivity({
      customerId, candidateId: application.candidateId, kind: 'email_sent', by: auth.user._id, applicationId: application._id, jobId: job._id,
      summary: `Mail: ${rendered.subject}`, data: { subject: rendered.subject, selfScheduleLinkId: String(link._id) },
    });
  }
  return { id: String(link._id), applicationId: String(application._id), url, expiresAt: expiresAt.toISOString(), slotsOffered: slots.slots.length, mail };
}

/** A link by its token (any company: the token names it), or null. */
export async function findLinkByToken(token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return SelfScheduleLink.findOne({ tokenHash: hashKey(token) }).setOptions({ crossTenant: true }).lean<SelfScheduleLinkDoc>();
}

/** Why a link no longer books (410), or null while it does. */
export function linkProblem(link: Pick<SelfScheduleLinkDoc, 'usedAt' | 'expiresAt'>, now: Date) {
  if (link.usedAt) return InterviewMessages.linkUsed;
  if (link.expiresAt.getTime() <= now.getTime()) return InterviewMessages.linkExpired;
  return null;
}

export class SlotTaken extends Error {}

/**
 * Books the slot the candidate picked (in the time zone the page showed, which the invitation then states)
 * through the one schedule service, as the link's creator: the slot must
 * still be free now (else SlotTaken), and the link is marked used in the booking's transaction, so it books once.
 */
export async function bookThroughLink(ctx: Omit<ChangeContext, 'auth'>, link: SelfScheduleLinkDoc, slotStart: string, timeZone: string) {
  const fresh = await slotsOfLink(link, timeZone, ctx.now);
  const picked = Date.parse(slotStart);
  const slot = fresh.slots.find((s) => Date.parse(s.start) === picked);
  if (!Number.isFinite(picked) || !slot) throw new SlotTaken(SelfScheduleMessages.slotTaken);
  const creator = await User.findOne({ customerId: link.customerId, _id: link.createdBy, status: 'active' }).lean<UserDoc>();
  if (!creator) throw AppError.notFound('Scheduling link');
  const auth: Caller = { user: creator, customerId: link.customerId };
  try {
    return await scheduleInterview({ ...ctx, auth }, {
      applicationId: String(link.applicationId), roundId: link.roundId ? String(link.roundId) : null, roundName: link.roundName,
      start: new Date(picked).toISOString(), durationMinutes: link.durationMinutes, timeZone, mode: link.mode as 'onsite' | 'video' | 'phone',
      roomId: slot.roomId, videoLink: link.videoLink, phone: link.phone, interviewerIds: link.interviewerIds.map(String), templateId: link.templateId ? String(link.templateId) : null,
      note: '', notifyCandidate: true, acknowledgeConflicts: false,
    }, {
      selfScheduleLinkId: link._id,
      inTransaction: async (session, interviewId) => {
        const claimed = await SelfScheduleLink.updateOne(
          { customerId: link.customerId, _id: link._id, usedAt: null, expiresAt: { $gt: ctx.now } },
          { $set: { usedAt: ctx.now, interviewId } },
          { session },
        );
        if (!claimed.modifiedCount) throw AppError.conflict(InterviewMessages.linkUsed);
      },
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 409 && error.message !== InterviewMessages.linkUsed) throw new SlotTaken(SelfScheduleMessages.slotTaken);
    throw error;
  }
}

/** When the candidate's chosen zone is not a real one, the recruiter's. */
export function pageTimeZone(asked: unknown, fallback: string) {
  return typeof asked === 'string' && asked.length <= 64 && DateTime.local().setZone(asked).isValid ? asked : fallback;
}
