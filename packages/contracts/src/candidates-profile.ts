import { z } from 'zod';
import { ZNamedRef, ZObjectId, ZUserRef, zMultilineText } from './common';
import { StageKinds, JobStatuses, type TJobStatus } from './jobs';
import { LegalBases } from './legal-basis';
import { ApplicationSources, CandidateActivityKinds, ResumeTextStates, ZCandidateFields, ZCandidateSummary } from './candidates';

// ---------------------------------------------------------------------------------------------
// The candidate profile (issue 13): /candidate/{id}, /application/{id}, notes with @mentions, add to a job.
// ---------------------------------------------------------------------------------------------

export const CandidateProfileApi = {
  profile: '/api/candidates/:id',
  timeline: '/api/candidates/:id/timeline',
  notes: '/api/candidates/:id/notes',
  applications: '/api/candidates/:id/applications',
  /** My unread @mentions (the dashboard's card). */
  mentions: '/api/candidates/mentions',
  mentionRead: '/api/candidates/mentions/:id/read',
  application: '/api/applications/:id',
} as const;

export const CandidateProfileLimits = {
  maxNoteLength: 5000,
  maxMentions: 20,
  timelinePageSize: 30,
  notesPageSize: 100,
  mentionsShown: 20,
} as const;

/** Jobs a candidate can be added to: not waiting for approval, closed or filled. */
export const JobStatusesOpenForCandidates: readonly TJobStatus[] = ['draft', 'open', 'on_hold'];

export const CandidateProfileMessages = {
  alreadyOnJob: 'This candidate is already on that job.',
  jobNotOpen: 'Candidates can only be added to a job that is a draft, open or on hold.',
  mentionNotColleague: 'You can only mention active colleagues of your company.',
  mentionCannotSee: (name: string) => `${name} cannot open this candidate's profile (they are not on any of their jobs), so they cannot be mentioned.`,
  noteNeedsApplication: 'Pick the application this note is about.',
  emailTaken: (name: string) => `This email address already belongs to ${name}.`,
} as const;

const ZUserName = z.object({ id: z.string(), name: z.string() });
const ZStageRef = z.object({ id: z.string(), name: z.string(), kind: z.enum(StageKinds) });

/** One of the candidate's applications as the profile lists it. */
export const ZCandidateApplicationRow = z.object({
  id: z.string(),
  job: z.object({ id: z.string(), title: z.string(), status: z.enum(JobStatuses) }),
  stage: ZStageRef,
  source: z.enum(ApplicationSources),
  appliedAt: z.string(),
  withdrawn: z.boolean(),
});
export type TCandidateApplicationRow = z.infer<typeof ZCandidateApplicationRow>;

export const ZCandidateProfile = ZCandidateSummary.extend({
  mergedIntoId: z.null(),
  consentAt: z.string().nullable(),
  consentSource: z.string(),
  /** The legal basis for keeping the candidate's data (privacy.ts LegalBases); null on records older than it. */
  legalBasis: z.enum(LegalBases).nullable(),
  consentExpiresAt: z.string().nullable(),
  /** Set once the candidate was erased (privacy): the profile then holds nothing personal and cannot be edited. */
  erasedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  resume: z.object({ fileId: z.string(), filename: z.string(), textState: z.enum(ResumeTextStates) }).nullable(),
  applications: z.array(ZCandidateApplicationRow),
  /** True for hiring managers and interviewers: only their jobs' applications and timeline, no edit. */
  limited: z.boolean(),
  canEdit: z.boolean(),
});
export type TCandidateProfile = z.infer<typeof ZCandidateProfile>;

/** A candidate merged into another: the page sends the user to the one that was kept. */
export const ZMergedCandidate = z.object({ id: z.string(), mergedIntoId: z.string() });
export const ZCandidateProfileResponse = z.union([ZCandidateProfile, ZMergedCandidate]);
export type TCandidateProfileResponse = z.infer<typeof ZCandidateProfileResponse>;

const f = ZCandidateFields.shape;
/** PATCH /api/candidates/:id: any of the candidate's own fields; what is left out stays as it is. */
export const ZUpdateCandidateRequest = z.object({
  firstName: f.firstName.optional(),
  lastName: f.lastName.unwrap().optional(),
  email: f.email.unwrap().optional(),
  phone: f.phone.unwrap().optional(),
  location: f.location.unwrap().optional(),
  currentTitle: f.currentTitle.unwrap().optional(),
  currentCompany: f.currentCompany.unwrap().optional(),
  experienceYears: f.experienceYears.unwrap().optional(),
  skills: f.skills.unwrap().optional(),
  tags: f.tags.unwrap().optional(),
});
export type TUpdateCandidateRequest = z.input<typeof ZUpdateCandidateRequest>;
export type TUpdateCandidateParsed = z.output<typeof ZUpdateCandidateRequest>;

export const ZTimelineEntry = z.object({
  id: z.string(),
  kind: z.enum(CandidateActivityKinds),
  at: z.string(),
  by: ZUserName.nullable(),
  summary: z.string(),
  applicationId: z.string().nullable(),
  job: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** A note's text, the fields a profile change touched (old -> new)... */
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type TTimelineEntry = z.infer<typeof ZTimelineEntry>;
export const ZTimelineQuery = z.object({ before: ZObjectId.optional() });
/** Newest first; `nextBefore` fetches the next (older) page, null at the start of the story. */
export const ZTimelinePage = z.object({ items: z.array(ZTimelineEntry), nextBefore: z.string().nullable() });
export type TTimelinePage = z.infer<typeof ZTimelinePage>;

export const ZAddNoteRequest = z.object({
  text: zMultilineText({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(CandidateProfileLimits.maxNoteLength, { error: `is too long (at most ${CandidateProfileLimits.maxNoteLength} characters)` }),
  applicationId: ZObjectId.nullable().optional(),
  mentionIds: z.array(ZObjectId).max(CandidateProfileLimits.maxMentions, { error: `may name at most ${CandidateProfileLimits.maxMentions} colleagues` }).default([]),
});
export type TAddNoteRequest = z.input<typeof ZAddNoteRequest>;

export const ZCandidateNote = z.object({
  id: z.string(),
  text: z.string(),
  at: z.string(),
  by: ZUserName.nullable(),
  applicationId: z.string().nullable(),
  job: z.object({ id: z.string(), title: z.string() }).nullable(),
  mentions: z.array(ZUserName),
});
export type TCandidateNote = z.infer<typeof ZCandidateNote>;
export const ZCandidateNotes = z.object({ items: z.array(ZCandidateNote) });
export type TCandidateNotes = z.infer<typeof ZCandidateNotes>;

export const ZMention = z.object({
  id: z.string(),
  candidate: ZUserName,
  by: ZUserName.nullable(),
  at: z.string(),
  /** The start of the note, as the mail quotes it. */
  excerpt: z.string(),
});
export type TMention = z.infer<typeof ZMention>;
export const ZMentions = z.object({ items: z.array(ZMention), unread: z.number() });
export type TMentions = z.infer<typeof ZMentions>;

export const ZAddToJobRequest = z.object({ jobId: ZObjectId });
export const ZAddToJobResponse = z.object({ applicationId: z.string() });

/** GET /api/applications/:id: one application in the context of its job. */
export const ZApplicationDetail = z.object({
  id: z.string(),
  candidate: z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string() }),
  job: z.object({ id: z.string(), title: z.string(), status: z.enum(JobStatuses) }),
  stages: z.array(ZStageRef),
  currentStageId: z.string(),
  history: z.array(z.object({ from: ZStageRef.nullable(), to: ZStageRef, at: z.string(), by: ZUserName.nullable(), reason: z.string() })),
  answers: z.array(z.object({ label: z.string(), answer: z.string() })),
  resume: z.object({ fileId: z.string(), filename: z.string() }).nullable(),
  source: z.enum(ApplicationSources),
  appliedAt: z.string(),
  withdrawn: z.boolean(),
  rejectionReason: z.string(),
  owner: ZUserName.nullable(),
  /** Who brought the candidate: the referring employee or the submitting agency (null when neither); absent from older answers. */
  origin: z.object({ referrer: ZUserRef.nullable(), agency: ZNamedRef.nullable() }).optional(),
});
export type TApplicationDetail = z.infer<typeof ZApplicationDetail>;
