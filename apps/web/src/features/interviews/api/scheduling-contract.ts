import { z } from 'zod';
import { DidNotHappenReasons, InterviewApi, InterviewModes, type TScheduleInterviewRequest } from '@hireflow/contracts/interviews';

// ---------------------------------------------------------------------------------------------
// The scheduling calls the screens ASSUME while the API is built on another branch. Everything the web
// supposes about them (paths, bodies, answers) is here, in one place, so the merge aligns one file:
// when the API's own contracts file (interviews-scheduling.ts) lands, import its schemas here instead.
// ---------------------------------------------------------------------------------------------

export const SchedulingPaths = {
  /** GET ?applicationId= | ?candidateId= -> { items: TInterview[] } */
  list: InterviewApi.interviews,
  /** POST TScheduleInterviewRequest -> TInterview; 409 { details: { conflicts } } or 409 room taken */
  schedule: InterviewApi.interviews,
  /** PATCH TRescheduleInterviewRequest -> TInterview */
  reschedule: InterviewApi.interview,
  /** POST { reason?, notifyCandidate } -> TInterview */
  cancel: InterviewApi.interviewCancel,
  /** POST { status, reason?, description? } -> TInterview */
  status: InterviewApi.interviewStatus,
  /** POST TInterviewTemplateRequest -> { subject, html, text } */
  templatePreview: InterviewApi.templateForInterview,
  /** POST TSelfScheduleLinkRequest -> { expiresAt, mailed } */
  selfScheduleLinks: InterviewApi.selfScheduleLinks,
} as const;

/** Rescheduling sends what scheduling sends, without the application. */
export type TRescheduleInterviewRequest = Omit<TScheduleInterviewRequest, 'applicationId'>;

export type TCancelInterviewRequest = { reason?: string; notifyCandidate: boolean };

export const SettableStatuses = ['completed', 'did_not_happen', 'incident'] as const;
export type TSettableStatus = (typeof SettableStatuses)[number];
export type TSetInterviewStatusRequest = { status: TSettableStatus; reason?: (typeof DidNotHappenReasons)[number]; description?: string };

export type TInterviewTemplateRequest = {
  applicationId: string;
  templateId?: string;
  start?: string;
  durationMinutes?: number;
  mode?: (typeof InterviewModes)[number];
  roomId?: string;
  videoLink?: string;
  interviewerIds?: string[];
  timeZone?: string;
  roundName?: string;
};
export const ZInterviewTemplatePreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type TInterviewTemplatePreview = z.infer<typeof ZInterviewTemplatePreview>;

export type TSelfScheduleLinkRequest = {
  applicationId: string;
  roundId?: string;
  roundName: string;
  durationMinutes: number;
  interviewerIds: string[];
  mode: (typeof InterviewModes)[number];
  roomAddressId?: string;
  videoLink?: string;
  phone?: string;
  from: string;
  to: string;
  expiresInDays: number;
  templateId?: string;
};
export const ZSelfScheduleLinkResponse = z.object({ expiresAt: z.string(), mailed: z.boolean() });
