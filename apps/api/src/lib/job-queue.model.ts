import { Schema, model, type InferSchemaType, type Types } from 'mongoose';

export const JobStates = ['queued', 'running', 'done', 'failed'] as const;
export type TJobState = (typeof JobStates)[number];

/**
 * One unit of background work (lib/job-queue). The collection is the queue: a worker of any API
 * instance claims a due job by setting a lease (owner, token, until) in one findOneAndUpdate, renews
 * it while it runs, and only the holder of the current token may finish it. A job whose worker died
 * keeps its expired lease until another worker claims it again. Finished jobs go after `expiresAt`.
 */
const queueJobSchema = new Schema(
  {
    name: { type: String, required: true },
    payload: { type: Schema.Types.Mixed, default: {} },
    state: { type: String, enum: JobStates, required: true, default: 'queued' },
    runAt: { type: Date, required: true },
    attempts: { type: Number, required: true, default: 0 },
    maxAttempts: { type: Number, required: true, default: 5 },
    leaseOwner: { type: String, default: null },
    leaseToken: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    progress: {
      percent: { type: Number, default: 0 },
      message: { type: String, default: '' },
    },
    result: { type: Schema.Types.Mixed, default: null },
    lastError: { type: String, default: null },
    // At most one job per key while the record lives (enqueue answers the existing one).
    dedupeKey: { type: String },
    // Who may read the job's status (exports): the company and the user who asked. Not a tenant filter.
    customerId: { type: Schema.Types.ObjectId, default: null },
    requestedBy: { type: Schema.Types.ObjectId, default: null },
    startedAt: { type: Date, default: null },
    finishedAt: { type: Date, default: null },
    expiresAt: { type: Date, default: null },
  },
  { timestamps: true, versionKey: false, minimize: false },
);
// The claim: due queued jobs, and running jobs whose lease ran out, oldest first.
queueJobSchema.index({ state: 1, runAt: 1 });
queueJobSchema.index({ state: 1, leaseUntil: 1 });
queueJobSchema.index({ dedupeKey: 1 }, { unique: true, sparse: true });
queueJobSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expiresAt_ttl' });

export type QueueJobDoc = InferSchemaType<typeof queueJobSchema> & { _id: Types.ObjectId };
export const QueueJob = model('QueueJob', queueJobSchema, 'queue_jobs');
