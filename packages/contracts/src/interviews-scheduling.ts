import { z } from 'zod';
import { ZObjectId, ZTimeZone, zMultilineText, zText } from './common';
import { DidNotHappenReasons, InterviewLimits, InterviewModes, ZInterview, ZInterviewConflict, zInstant, zInterviewDuration as zDuration, zVideoLink } from './interviews';

// ---------------------------------------------------------------------------------------------
// Scheduling (issue 15): what the schedule, reschedule, cancel, status, list, invitation preview and
// self-scheduling calls take and answer, beyond the shared shapes of interviews.ts.
// ---------------------------------------------------------------------------------------------

/** What the invitation mails of a change did: who got one, and to whom it could not be sent (the change stands). */
export const ZInvitationMailOutcome = z.object({
  candidate: z.enum(['sent', 'failed', 'not_notified', 'no_email']),
  interviewersSent: z.number(),
  /** Addresses whose first delivery attempt failed (the queue keeps retrying them). */
  failed: z.array(z.string()),
});
export type TInvitationMailOutcome = z.infer<typeof ZInvitationMailOutcome>;

/** POST /api/interviews (201), PATCH /api/interviews/:id, POST .../cancel and .../status answer this. */
export const ZScheduleInterviewResponse = z.object({
  interview: ZInterview,
  /** The interviewers' other bookings at that time (booked anyway because the scheduler acknowledged them). */
  conflicts: z.array(ZInterviewConflict),
  mail: ZInvitationMailOutcome,
});
export type TScheduleInterviewResponse = z.infer<typeof ZScheduleInterviewResponse>;

/** The 409 of a schedule or reschedule with busy interviewers: `details` of the error body. */
export const ZInterviewConflictDetails = z.object({ conflicts: z.array(ZInterviewConflict) });

/** PATCH /api/interviews/:id: what changes (the rest stays); a new time, panel or place sends updated invitations. */
export const ZRescheduleInterviewRequest = z
  .object({
    start: zInstant.optional(),
    durationMinutes: zDuration.optional(),
    timeZone: ZTimeZone.optional(),
    mode: z.enum(InterviewModes).optional(),
    roomId: ZObjectId.nullable().optional(),
    videoLink: zVideoLink.optional(),
    phone: zText().trim().max(40).optional(),
    interviewerIds: z.array(ZObjectId).min(1, { error: 'choose at least one interviewer' }).max(InterviewLimits.maxInterviewers).optional(),
    note: zMultilineText().trim().max(InterviewLimits.noteMax).optional(),
    notifyCandidate: z.boolean().default(true),
    acknowledgeConflicts: z.boolean().default(false),
  })
  .refine((r) => Object.keys(r).some((k) => !['notifyCandidate', 'acknowledgeConflicts'].includes(k)), { error: 'nothing to change' });
export type TRescheduleInterviewRequest = z.input<typeof ZRescheduleInterviewRequest>;

/** POST /api/interviews/:id/cancel. The reason is told to the interviewers, not to the candidate. */
export const ZCancelInterviewRequest = z.object({
  reason: zMultilineText().trim().max(1_000, { error: 'is too long' }).default(''),
  notifyCandidate: z.boolean().default(true),
});
export type TCancelInterviewRequest = z.input<typeof ZCancelInterviewRequest>;

/** The statuses a person sets (scheduled is where it starts; cancelled has its own call). */
export const SettableInterviewStatuses = ['completed', 'did_not_happen', 'incident'] as const;
export type TSettableInterviewStatus = (typeof SettableInterviewStatuses)[number];

/** POST /api/interviews/:id/status. */
export const ZInterviewStatusRequest = z.discriminatedUnion('status', [
  z.object({ status: z.literal('completed') }),
  z.object({ status: z.literal('did_not_happen'), reason: z.enum(DidNotHappenReasons, { error: 'choose one of the reasons' }) }),
  z.object({ status: z.literal('incident'), description: zMultilineText().trim().min(1, { error: 'describe what happened' }).max(2_000, { error: 'is too long' }) }),
], { error: 'must be completed, did_not_happen or incident' });
export type TInterviewStatusRequest = z.input<typeof ZInterviewStatusRequest>;

export const InterviewListLimits = { defaultLimit: 100, maxLimit: 200 } as const;

/** GET /api/interviews: the caller's visible interviews, filtered; newest first, or oldest first from `from` on. */
export const ZInterviewListQuery = z
  .object({
    applicationId: ZObjectId.optional(),
    candidateId: ZObjectId.optional(),
    jobId: ZObjectId.optional(),
    /** Only interviews I sit on the panel of. */
    mine: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
    from: zInstant.optional(),
    to: zInstant.optional(),
    status: z.enum(['scheduled', 'completed', 'did_not_happen', 'incident', 'cancelled']).optional(),
    limit: z.coerce.number().int().min(1).max(InterviewListLimits.maxLimit).default(InterviewListLimits.defaultLimit),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) > Date.parse(q.from), { error: 'must be after from', path: ['to'] });
export type TInterviewListQuery = z.input<typeof ZInterviewListQuery>;
export const ZInterviewListResponse = z.object({ items: z.array(ZInterview), hasMore: z.boolean() });
export type TInterviewListResponse = z.infer<typeof ZInterviewListResponse>;

/** POST /api/templates/gettemplateforinterview: the invitation the candidate would get (the dialog's preview). */
export const ZInterviewTemplateRequest = z.object({
  applicationId: ZObjectId,
  templateId: ZObjectId.nullable().optional(),
  start: zInstant.optional(),
  durationMinutes: zDuration.optional(),
  mode: z.enum(InterviewModes).optional(),
  roomId: ZObjectId.nullable().optional(),
  videoLink: zVideoLink.optional(),
  phone: zText().trim().max(40).optional(),
  interviewerIds: z.array(ZObjectId).max(InterviewLimits.maxInterviewers).optional(),
  timeZone: ZTimeZone.optional(),
  roundName: zText().trim().max(80).optional(),
});
export type TInterviewTemplateRequest = z.input<typeof ZInterviewTemplateRequest>;
export const ZInterviewTemplateResponse = z.object({
  templateId: z.string().nullable(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type TInterviewTemplateResponse = z.infer<typeof ZInterviewTemplateResponse>;

// ----- Candidate self-scheduling ---------------------------------------------------------------

export const SelfScheduleLimits = { defaultExpiresInDays: 7, maxExpiresInDays: 30 } as const;

/** POST /api/interviews/self-schedule-links: mails the candidate a link to pick one of the free slots in [from, to). */
export const ZSelfScheduleLinkRequest = z
  .object({
    applicationId: ZObjectId,
    roundId: ZObjectId.nullable().default(null),
    roundName: zText().trim().max(80, { error: 'is too long' }).default(''),
    durationMinutes: zDuration,
    interviewerIds: z.array(ZObjectId).min(1, { error: 'choose at least one interviewer' }).max(InterviewLimits.maxInterviewers),
    mode: z.enum(InterviewModes),
    /** On site: the office address a free room is booked at. */
    roomAddressId: ZObjectId.nullable().default(null),
    videoLink: zVideoLink.default(''),
    phone: zText().trim().max(40).default(''),
    from: zInstant,
    to: zInstant,
    /** The recruiter's time zone: the page shows times in it until the candidate picks theirs. */
    timeZone: ZTimeZone,
    expiresInDays: z.number().int({ error: 'must be whole days' }).min(1, { error: 'must be at least 1 day' }).max(SelfScheduleLimits.maxExpiresInDays, { error: `may be at most ${SelfScheduleLimits.maxExpiresInDays} days` }).default(SelfScheduleLimits.defaultExpiresInDays),
    /** The template of the mail with the link ({{interview.scheduleLink}}) and of the invitation once booked. */
    templateId: ZObjectId.nullable().default(null),
  })
  .refine((r) => Date.parse(r.to) > Date.parse(r.from), { error: 'must be after from', path: ['to'] })
  .refine((r) => Date.parse(r.to) - Date.parse(r.from) <= InterviewLimits.maxRangeDays * 86_400_000, { error: `may span at most ${InterviewLimits.maxRangeDays} days`, path: ['to'] })
  .refine((r) => r.mode !== 'onsite' || r.roomAddressId, { error: 'choose the office address for an on-site interview', path: ['roomAddressId'] })
  .refine((r) => r.mode !== 'video' || r.videoLink, { error: 'add the video call link', path: ['videoLink'] });
export type TSelfScheduleLinkRequest = z.input<typeof ZSelfScheduleLinkRequest>;

export const ZSelfScheduleLink = z.object({
  id: z.string(),
  applicationId: z.string(),
  /** The candidate's page (shown once: only a hash of its token is stored). */
  url: z.string(),
  expiresAt: z.string(),
  /** How many slots the page offers right now. */
  slotsOffered: z.number(),
  mail: z.enum(['sent', 'failed', 'no_email']),
});
export type TSelfScheduleLink = z.infer<typeof ZSelfScheduleLink>;

export const SelfScheduleMessages = {
  slotTaken: 'Sorry, that time has just been taken. Please pick another one.',
  noSlots: 'There are no free times left in this window. Please ask the recruiter for other times.',
  pickSlot: 'Please pick a time.',
  booked: 'Your interview is booked',
} as const;
