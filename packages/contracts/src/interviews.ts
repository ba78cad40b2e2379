import { z } from 'zod';
import { ZObjectId, ZTimeZone, zMultilineText, zText } from './common';

// ---------------------------------------------------------------------------------------------
// Interviews: the core shapes every interview area shares (plans, availability, scheduling,
// self-scheduling, scorecards). Each area adds its own request/response shapes in its own
// file (interviews-<area>.ts); the paths of every area are named here once.
// ---------------------------------------------------------------------------------------------

export const InterviewApi = {
  // SPEC calls (exact paths)
  freeSlots: '/api/user/calendar/getfreeslotforhire',
  meetingRoomFetch: '/api/meetingroom/fetch',
  meetingRoomAddEdit: '/api/meetingroom/addedit',
  templateForInterview: '/api/templates/gettemplateforinterview',
  signature: '/api/templates/getsignature',
  // Availability
  workingHours: '/api/user/working-hours',
  // Scheduling
  interviews: '/api/interviews',
  interview: '/api/interviews/:id',
  interviewCancel: '/api/interviews/:id/cancel',
  interviewStatus: '/api/interviews/:id/status',
  selfScheduleLinks: '/api/interviews/self-schedule-links',
  // Scorecards
  feedback: '/api/interviews/:id/feedback',
  feedbackSubmit: '/api/interviews/:id/feedback/submit',
  feedbackAll: '/api/interview-feedback',
  calibration: '/api/interview-feedback/calibration',
  dashboard: '/api/interviews/dashboard',
  // Plans and the attribute library
  jobPlan: '/api/jobs/:id/interview-plan',
  defaultPlan: '/api/interview-plan/default',
  attributes: '/api/interview-attributes',
  attribute: '/api/interview-attributes/:id',
  // Signatures (edited in the profile; read by getsignature)
  mySignature: '/api/user/signature',
} as const;

/** The public self-scheduling page (server-rendered like the career site, no sign-in). */
export const SelfSchedulePath = '/schedule/:token';

export const InterviewLimits = {
  minDurationMinutes: 15,
  maxDurationMinutes: 480,
  maxInterviewers: 10,
  /** The widest range free slots are searched in. */
  maxRangeDays: 31,
  /** Slots answered at most (the rest: narrow the range). */
  maxSlots: 300,
  defaultStepMinutes: 30,
  maxRounds: 12,
  maxAttributesPerRound: 12,
  roomNameMax: 80,
  maxRoomCapacity: 500,
  noteMax: 5_000,
} as const;

export const InterviewModes = ['onsite', 'video', 'phone'] as const;
export type TInterviewMode = (typeof InterviewModes)[number];
export const InterviewModeLabels: Record<TInterviewMode, string> = { onsite: 'On site', video: 'Video call', phone: 'Phone call' };

/** cancelled: called off before it happened (kept for the history, never counted as did-not-happen). */
export const InterviewStatuses = ['scheduled', 'completed', 'did_not_happen', 'incident', 'cancelled'] as const;
export type TInterviewStatus = (typeof InterviewStatuses)[number];
export const InterviewStatusLabels: Record<TInterviewStatus, string> = {
  scheduled: 'Scheduled', completed: 'Completed', did_not_happen: 'Did not happen', incident: 'Incident', cancelled: 'Cancelled',
};

/** What the interview reports read: one event per change, append-only, with who and when. */
export const InterviewEventKinds = ['scheduled', 'rescheduled', 'cancelled', 'completed', 'did_not_happen', 'incident', 'feedback_submitted'] as const;
export type TInterviewEventKind = (typeof InterviewEventKinds)[number];

export const DidNotHappenReasons = [
  'Candidate did not show up', 'Candidate cancelled', 'Interviewer unavailable', 'Technical problems', 'Rescheduled at short notice', 'Other',
] as const;

export const Recommendations = ['strong_no', 'no', 'yes', 'strong_yes'] as const;
export type TRecommendation = (typeof Recommendations)[number];
export const RecommendationLabels: Record<TRecommendation, string> = { strong_no: 'Strong no', no: 'No', yes: 'Yes', strong_yes: 'Strong yes' };

/** A focus attribute's rating: 1 (poor) .. 4 (excellent), null = not assessed. */
export const RatingLabels = { 1: 'Poor', 2: 'Mixed', 3: 'Good', 4: 'Excellent' } as const;

export const FeedbackStates = ['pending', 'draft', 'submitted'] as const;
export type TFeedbackState = (typeof FeedbackStates)[number];

// ----- Working hours --------------------------------------------------------------------------

/** ISO weekday: 1 = Monday .. 7 = Sunday. */
export const Weekdays = [1, 2, 3, 4, 5, 6, 7] as const;
export const WeekdayLabels = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const zClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time like 09:00' });

export const ZWorkingDay = z
  .object({ weekday: z.number().int().min(1).max(7), start: zClock, end: zClock })
  .refine((d) => d.start < d.end, { error: 'must end after it starts', path: ['end'] });
export type TWorkingDay = z.infer<typeof ZWorkingDay>;

export const ZWorkingHours = z.object({
  timeZone: ZTimeZone,
  days: z.array(ZWorkingDay).max(14),
});
export type TWorkingHours = z.infer<typeof ZWorkingHours>;
/** Someone who never set their hours works Monday to Friday, 09:00 to 17:00, in their own time zone. */
export const DefaultWorkingDays: TWorkingDay[] = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));

// ----- Free slots (POST /api/user/calendar/getfreeslotforhire) --------------------------------

/** The field shapes every interview request shares (scheduling, rescheduling, previews, self-scheduling links). */
export const zInstant = z.iso.datetime({ offset: true, error: 'must be a date and time' });
export const zInterviewDuration = z.number({ error: 'must be a number of minutes' }).int({ error: 'must be whole minutes' })
  .min(InterviewLimits.minDurationMinutes, { error: `must be at least ${InterviewLimits.minDurationMinutes} minutes` })
  .max(InterviewLimits.maxDurationMinutes, { error: `may be at most ${InterviewLimits.maxDurationMinutes} minutes` });
export const zVideoLink = z.url({ protocol: /^https?$/, error: 'must be a web address (https://...)' }).max(500).or(z.literal(''));

export const ZFreeSlotRequest = z
  .object({
    interviewerIds: z.array(ZObjectId).min(1, { error: 'choose at least one interviewer' }).max(InterviewLimits.maxInterviewers),
    durationMinutes: z.number({ error: 'is required' }).int()
      .min(InterviewLimits.minDurationMinutes, { error: `must be at least ${InterviewLimits.minDurationMinutes} minutes` })
      .max(InterviewLimits.maxDurationMinutes, { error: `must be at most ${InterviewLimits.maxDurationMinutes} minutes` }),
    from: zInstant,
    to: zInstant,
    /** The requester's time zone: the answer's times carry its offset. */
    timeZone: ZTimeZone,
    /** An office address: only slots with a free meeting room there. */
    addressId: ZObjectId.optional(),
    stepMinutes: z.number().int().min(5, { error: 'must be at least 5 minutes' }).max(120, { error: 'must be at most 120 minutes' }).optional(),
  })
  .refine((r) => Date.parse(r.to) > Date.parse(r.from), { error: 'must be after from', path: ['to'] })
  .refine((r) => Date.parse(r.to) - Date.parse(r.from) <= InterviewLimits.maxRangeDays * 86_400_000, {
    error: `may span at most ${InterviewLimits.maxRangeDays} days`, path: ['to'],
  });
export type TFreeSlotRequest = z.input<typeof ZFreeSlotRequest>;

export const ZFreeSlot = z.object({
  /** ISO date-times with the requester's offset, e.g. 2026-03-30T10:00:00.000+02:00. */
  start: z.string(),
  end: z.string(),
  roomId: z.string().nullable(),
  roomName: z.string().nullable(),
});
export type TFreeSlot = z.infer<typeof ZFreeSlot>;
export const ZFreeSlotResponse = z.object({ timeZone: z.string(), durationMinutes: z.number(), slots: z.array(ZFreeSlot), truncated: z.boolean() });
export type TFreeSlotResponse = z.infer<typeof ZFreeSlotResponse>;

// ----- Meeting rooms (POST /api/meetingroom/fetch, /api/meetingroom/addedit) ------------------

export const ZMeetingRoomFetch = z.object({ addressId: ZObjectId.optional() });
export const ZMeetingRoomInput = z.object({
  /** Present to edit a room, absent to add one. */
  id: ZObjectId.optional(),
  name: zText().trim().min(1, { error: 'is required' }).max(InterviewLimits.roomNameMax, { error: 'is too long' }),
  addressId: ZObjectId,
  capacity: z.number().int().min(1).max(InterviewLimits.maxRoomCapacity),
  equipment: z.array(zText().trim().min(1).max(60)).max(20).default([]),
  active: z.boolean().default(true),
});
export type TMeetingRoomInput = z.input<typeof ZMeetingRoomInput>;
export const ZMeetingRoom = z.object({
  id: z.string(),
  name: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  addressId: z.string(),
  addressLabel: z.string(),
  capacity: z.number(),
  equipment: z.array(z.string()),
  active: z.boolean(),
});
export type TMeetingRoom = z.infer<typeof ZMeetingRoom>;
export const ZMeetingRoomList = z.object({ items: z.array(ZMeetingRoom) });

// ----- Interview plans and the attribute library ----------------------------------------------

export const ZInterviewAttributeInput = z.object({
  name: zText().trim().min(1, { error: 'is required' }).max(80, { error: 'is too long' }),
  description: zMultilineText().trim().max(500, { error: 'is too long' }).default(''),
  active: z.boolean().default(true),
});
export const ZInterviewAttribute = z.object({ id: z.string(), name: z.string(), description: z.string(), active: z.boolean() });
export type TInterviewAttribute = z.infer<typeof ZInterviewAttribute>;

export const ZInterviewRoundInput = z.object({
  /** Present for a round that already exists (interviews refer to it). */
  id: ZObjectId.optional(),
  name: zText().trim().min(1, { error: 'is required' }).max(80, { error: 'is too long' }),
  durationMinutes: z.number().int().min(InterviewLimits.minDurationMinutes).max(InterviewLimits.maxDurationMinutes),
  interviewerIds: z.array(ZObjectId).max(InterviewLimits.maxInterviewers).default([]),
  attributeIds: z.array(ZObjectId).max(InterviewLimits.maxAttributesPerRound).default([]),
});
export const ZInterviewPlanInput = z.object({ rounds: z.array(ZInterviewRoundInput).max(InterviewLimits.maxRounds) });
export type TInterviewPlanInput = z.input<typeof ZInterviewPlanInput>;

export const ZInterviewRound = z.object({
  id: z.string(),
  name: z.string(),
  durationMinutes: z.number(),
  interviewers: z.array(z.object({ id: z.string(), name: z.string() })),
  attributes: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TInterviewRound = z.infer<typeof ZInterviewRound>;
/** `inherited`: the job has no plan of its own yet and shows the company default. */
export const ZInterviewPlan = z.object({ jobId: z.string().nullable(), rounds: z.array(ZInterviewRound), inherited: z.boolean() });
export type TInterviewPlan = z.infer<typeof ZInterviewPlan>;

// ----- Interviews -------------------------------------------------------------------------------

export const ZInterviewPerson = z.object({ id: z.string(), name: z.string(), email: z.string() });
export const ZInterview = z.object({
  id: z.string(),
  applicationId: z.string(),
  candidateId: z.string(),
  candidateName: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  roundId: z.string().nullable(),
  roundName: z.string(),
  /** ISO instants (UTC); show them in the viewer's time zone. */
  start: z.string(),
  end: z.string(),
  durationMinutes: z.number(),
  /** The time zone it was scheduled in (invitation texts use it). */
  timeZone: z.string(),
  mode: z.enum(InterviewModes),
  room: z.object({ id: z.string(), name: z.string(), address: z.string() }).nullable(),
  videoLink: z.string(),
  phone: z.string(),
  interviewers: z.array(ZInterviewPerson.extend({ feedback: z.enum(FeedbackStates) })),
  status: z.enum(InterviewStatuses),
  /** The did-not-happen reason, or the incident's description. */
  statusNote: z.string(),
  scheduledBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  selfScheduled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TInterview = z.infer<typeof ZInterview>;
export const ZInterviewList = z.object({ items: z.array(ZInterview) });

/** Someone already booked at that time: refused unless the scheduler acknowledges it. */
export const ZInterviewConflict = z.object({
  userId: z.string(),
  userName: z.string(),
  interviewId: z.string(),
  start: z.string(),
  end: z.string(),
});
export type TInterviewConflict = z.infer<typeof ZInterviewConflict>;

export const ZScheduleInterviewRequest = z
  .object({
    applicationId: ZObjectId,
    /** A round of the job's plan, or none for an ad-hoc interview (then roundName says what it is). */
    roundId: ZObjectId.nullable().default(null),
    roundName: zText().trim().max(80, { error: 'is too long' }).default(''),
    start: zInstant,
    durationMinutes: zInterviewDuration,
    /** The scheduler's time zone: the invitation states the time in it. */
    timeZone: ZTimeZone,
    mode: z.enum(InterviewModes),
    roomId: ZObjectId.nullable().default(null),
    videoLink: zVideoLink.default(''),
    phone: zText().trim().max(40).default(''),
    interviewerIds: z.array(ZObjectId).min(1, { error: 'choose at least one interviewer' }).max(InterviewLimits.maxInterviewers),
    /** The invitation template (kind interview); none: the built-in invitation text. */
    templateId: ZObjectId.nullable().default(null),
    note: zMultilineText().trim().max(InterviewLimits.noteMax).default(''),
    notifyCandidate: z.boolean().default(true),
    /** Book even though an interviewer is busy then (the answer named them the first time). */
    acknowledgeConflicts: z.boolean().default(false),
  })
  // A video interview without a link: the API asks the scheduler's connected calendar (Google Meet, Teams)
  // for one, and answers 400 "videoLink: add the video call link" when they have none.
  .refine((r) => r.mode !== 'onsite' || r.roomId, { error: 'choose a meeting room for an on-site interview', path: ['roomId'] });
export type TScheduleInterviewRequest = z.input<typeof ZScheduleInterviewRequest>;

export const InterviewMessages = {
  conflicts: 'Some interviewers are already booked at that time. Pick another time or confirm to book anyway.',
  roomTaken: 'That meeting room is already booked at that time. Pick another room or time.',
  notScheduled: 'Only a scheduled interview can be changed.',
  notYetHappened: 'An interview that has not started yet cannot be marked as completed or not happened.',
  notAnInterviewer: 'Only the interviewers of this interview write scorecards for it.',
  linkExpired: 'This scheduling link has expired. Please ask the recruiter for a new one.',
  linkUsed: 'This scheduling link has already been used to book an interview.',
} as const;
