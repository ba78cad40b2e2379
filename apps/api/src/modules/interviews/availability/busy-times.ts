import { Types } from 'mongoose';
import { InterviewLimits } from '@hireflow/contracts/interviews';
import { Interview } from '../interview.model';
import { merge, type Interval } from './intervals';

/** Interviews that hold their people and room: scheduled ones and those that took place. */
export const BookedStatuses = ['scheduled', 'completed', 'incident'] as const;

type Range = { from: Date; to: Date };
/** Another source of busy times for users (the calendar integration registers one): userId -> spans. */
export type BusySource = (customerId: Types.ObjectId, userIds: Types.ObjectId[], range: Range) => Promise<Map<string, Interval[]>>;
const busySources: BusySource[] = [];
export function registerBusySource(source: BusySource) {
  busySources.push(source);
}

// An interview overlapping the range started at most the longest duration before it: bounds the index scan.
const overlapping = (range: Range) => ({
  start: { $lt: range.to, $gte: new Date(range.from.getTime() - InterviewLimits.maxDurationMinutes * 60_000) },
  end: { $gt: range.from },
  status: { $in: BookedStatuses },
});

/**
 * Each user's busy spans in the range (merged): their booked interviews plus every registered source.
 * The one function free slots and conflict checks read, so a connected calendar counts everywhere.
 */
export async function busyTimesOf(customerId: Types.ObjectId, userIds: Types.ObjectId[], range: Range, opts: { excludeInterviewId?: Types.ObjectId } = {}) {
  const rows = await Interview.find(
    { customerId, interviewerIds: { $in: userIds }, ...overlapping(range), ...(opts.excludeInterviewId ? { _id: { $ne: opts.excludeInterviewId } } : {}) },
    { start: 1, end: 1, interviewerIds: 1 },
  ).lean();
  const busy = new Map<string, Interval[]>(userIds.map((id) => [String(id), []]));
  for (const row of rows) {
    for (const id of row.interviewerIds) busy.get(String(id))?.push({ start: row.start.getTime(), end: row.end.getTime() });
  }
  for (const source of busySources) {
    for (const [id, spans] of await source(customerId, userIds, range)) busy.get(id)?.push(...spans);
  }
  for (const [id, spans] of busy) busy.set(id, merge(spans));
  return busy;
}

/** Each room's booked spans in the range (merged). */
export async function roomBusyTimes(customerId: Types.ObjectId, roomIds: Types.ObjectId[], range: Range, opts: { excludeInterviewId?: Types.ObjectId } = {}) {
  const rows = await Interview.find(
    { customerId, roomId: { $in: roomIds }, ...overlapping(range), ...(opts.excludeInterviewId ? { _id: { $ne: opts.excludeInterviewId } } : {}) },
    { start: 1, end: 1, roomId: 1 },
  ).lean();
  const busy = new Map<string, Interval[]>(roomIds.map((id) => [String(id), []]));
  for (const row of rows) busy.get(String(row.roomId))?.push({ start: row.start.getTime(), end: row.end.getTime() });
  for (const [id, spans] of busy) busy.set(id, merge(spans));
  return busy;
}

/** The booked interviews of these people overlapping [start, end): what a new booking would clash with. */
export async function clashingInterviews(customerId: Types.ObjectId, userIds: Types.ObjectId[], span: { start: Date; end: Date }, opts: { excludeInterviewId?: Types.ObjectId } = {}) {
  return Interview.find(
    {
      customerId,
      interviewerIds: { $in: userIds },
      ...overlapping({ from: span.start, to: span.end }),
      ...(opts.excludeInterviewId ? { _id: { $ne: opts.excludeInterviewId } } : {}),
    },
    { start: 1, end: 1, interviewerIds: 1 },
  ).lean();
}

/** Whether the room is booked at any moment of [start, end). */
export async function isRoomTaken(customerId: Types.ObjectId, roomId: Types.ObjectId, span: { start: Date; end: Date }, opts: { excludeInterviewId?: Types.ObjectId } = {}) {
  const hit = await Interview.findOne(
    { customerId, roomId, ...overlapping({ from: span.start, to: span.end }), ...(opts.excludeInterviewId ? { _id: { $ne: opts.excludeInterviewId } } : {}) },
    { _id: 1 },
  ).lean();
  return Boolean(hit);
}
