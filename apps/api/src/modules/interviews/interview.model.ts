import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { InterviewModes, InterviewStatuses } from '@hireflow/contracts/interviews';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/**
 * One interview of an application: a round with a panel at a time. `uid` and `sequence` are its calendar
 * identity: every invitation, update and cancellation carries the same UID with a higher SEQUENCE, so
 * calendar programs update the one event instead of adding another.
 */
const interviewSchema = new Schema(
  {
    customerId: tenantField(),
    applicationId: { type: Schema.Types.ObjectId, ref: 'Application', required: true },
    candidateId: { type: Schema.Types.ObjectId, ref: 'Candidate', required: true },
    jobId: { type: Schema.Types.ObjectId, ref: 'Job', required: true },
    roundId: { type: Schema.Types.ObjectId, default: null },
    roundName: { type: String, default: '' },
    // The round's focus attributes when it was scheduled: the scorecard rates these.
    attributes: { type: [{ _id: false, id: Schema.Types.ObjectId, name: String }], default: [] },
    start: { type: Date, required: true },
    end: { type: Date, required: true },
    durationMinutes: { type: Number, required: true },
    timeZone: { type: String, required: true },
    mode: { type: String, enum: InterviewModes, required: true },
    roomId: { type: Schema.Types.ObjectId, ref: 'MeetingRoom', default: null },
    videoLink: { type: String, default: '' },
    phone: { type: String, default: '' },
    interviewerIds: { type: [Schema.Types.ObjectId], ref: 'User', default: [] },
    templateId: { type: Schema.Types.ObjectId, default: null },
    note: { type: String, default: '' },
    status: { type: String, enum: InterviewStatuses, default: 'scheduled' },
    statusNote: { type: String, default: '' },
    uid: { type: String, required: true },
    sequence: { type: Number, default: 0 },
    scheduledBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    selfScheduleLinkId: { type: Schema.Types.ObjectId, default: null },
    // Scorecard reminders already queued (after the end, then overdue): the queue job checks and sets these.
    remindersSent: { type: [String], default: [] },
    // The event the calendar integration made for it in each connected calendar (an interviewer's or the
    // room's): updated in place on a change, deleted on cancellation or when its owner leaves the panel.
    // `host`: the scheduler's event whose video meeting (Meet, Teams) gave the interview its link.
    calendarEvents: {
      type: [{ _id: false, userId: { type: Schema.Types.ObjectId, default: null }, roomId: { type: Schema.Types.ObjectId, default: null }, connectionId: Schema.Types.ObjectId, provider: String, eventId: String, host: { type: Boolean, default: false } }],
      default: [],
    },
  },
  { timestamps: true },
);
tenantOwned(interviewSchema);
// Busy times of interviewers and rooms (free slots, conflicts), an application's and a candidate's interviews.
interviewSchema.index({ customerId: 1, interviewerIds: 1, start: 1 });
interviewSchema.index({ customerId: 1, roomId: 1, start: 1 });
interviewSchema.index({ customerId: 1, applicationId: 1, start: -1 });
interviewSchema.index({ customerId: 1, candidateId: 1, start: -1 });
interviewSchema.index({ customerId: 1, jobId: 1, start: -1 });
interviewSchema.index({ customerId: 1, status: 1, end: 1 });
// The company's interviews in a time range (GET /api/interviews?from=&to= for those who see them all).
interviewSchema.index({ customerId: 1, start: 1 });
interviewSchema.index({ uid: 1 }, { unique: true });

export type InterviewDoc = InferSchemaType<typeof interviewSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const Interview = model('Interview', interviewSchema);
