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
/**
 * Another source of busy times for meeting rooms (a room's resource calendar): roomId -> spans. `opts`
 * names the interview being changed, whose own entry in the room's calendar must not count against it.
 */
export type RoomBusySource = (customerId: Types.ObjectId, roomIds: Types.ObjectId[], range: Range, opts: { excludeInterviewId?: Types.ObjectId }) => Promise<Map<string, Interval[]>>;
const roomBusySources: RoomBusySource[] = [];
export function registerRoomBusySource(source: RoomBusySource) {
  roomBusySources.push(source);
}

// An interview overlapping the range started at most the longest duration before it: bounds the index scan.
// Queries go one person (or room) at a time: an equality on the multikey field lets the index bound the time
// range too, where an $in over several would read each one's whole interview history.
const overlapping = (range: Range) => ({
  start: { $lt: range.to, $gte: new Date(range.from.getTime() - InterviewLimits.maxDurationMinutes * 60_000) },
  end: { $gt: range.from },
  status: { $in: BookedStatuses },
});

const excluding = (opts: { excludeInterviewId?: Types.ObjectId }) => (opts.excludeInterviewId ? { _id: { $ne: opts.excludeInterviewId } } : {});

/**
 * Each user's busy spans in the range (merged): their booked interviews plus every registered source.
 * The one function free slots and conflict checks read, so a connected calendar counts everywhere.
 */
export async function busyTimesOf(customerId: Types.ObjectId, userIds: Types.ObjectId[], range: Range, opts: { excludeInterviewId?: Types.ObjectId } = {}) {
  const perUser = await Promise.all(
    userIds.map((id) => Interview.find({ customerId, interviewerIds: id, ...overlapping(range), ...excluding(opts) }, { start: 1, end: 1 }).lean()),
  );
  const busy = new Map<string, Interval[]>(userIds.map((id, i) => [String(id), perUser[i]!.map((row) => ({ start: row.start.getTime(), end: row.end.getTime() }))]));
  for (const found of await Promise.all(busySources.map((source) => source(customerId, userIds, range)))) {
    for (const [id, spans] of found) busy.get(id)?.push(...spans);
  }
  for (const [id, spans] of busy) busy.set(id, merge(spans));
  return busy;
}

/** Each room's booked spans in the range (merged): its interviews plus every registered room source (its calendar). */
export async function roomBusyTimes(customerId: Types.ObjectId, roomIds: Types.ObjectId[], range: Range, opts: { excludeInterviewId?: Types.ObjectId } = {}) {
  const [perRoom, fromSources] = await Promise.all([
    Promise.all(roomIds.map((id) => Interview.find({ customerId, roomId: id, ...overlapping(range), ...excluding(opts) }, { start: 1, end: 1 }).lean())),
    Promise.all(roomBusySources.map((source) => source(customerId, roomIds, range, opts))),
  ]);
  const busy = new Map<string, Interval[]>(roomIds.map((id, i) => [String(id), perRoom[i]!.map((row) => ({ start: row.start.getTime(), end: row.end.getTime() }))]));
  for (const found of fromSources) {
    for (const [id, spans] of found) busy.get(id)?.push(...spans);
  }
  for (const [id, spans] of busy) busy.set(id, merge(spans));
  return busy;
}

/** The booked interviews of these people overlapping [start, end): what a new booking would clash with. */
export async function clashingInterviews(customerId: Types.ObjectId, userIds: Types.ObjectId[], span: { start: Date; end: Date }, opts: { excludeInterviewId?: Types.ObjectId } = {}) {
  const perUser = await Promise.all(
    userIds.map((id) =>
      Interview.find({ customerId, interviewerIds: id, ...overlapping({ from: span.start, to: span.end }), ...excluding(opts) }, { start: 1, end: 1, interviewerIds: 1 }).lean(),
    ),
  );
  return [...new Map(perUser.flat().map((row) => [String(row._id), row])).values()];
}

/**
 * Whether the room is booked at any moment of [start, end): by an interview, or (unless `bookingsOnly`) in
 * its own calendar.
 */
export async function isRoomTaken(customerId: Types.ObjectId, roomId: Types.ObjectId, span: { start: Date; end: Date }, opts: { excludeInterviewId?: Types.ObjectId; bookingsOnly?: boolean } = {}) {
  const hit = await Interview.findOne(
    { customerId, roomId, ...overlapping({ from: span.start, to: span.end }), ...excluding(opts) },
    { _id: 1 },
  ).lean();
  if (hit) return true;
  if (opts.bookingsOnly || !roomBusySources.length) return false;
  const found = await Promise.all(roomBusySources.map((source) => source(customerId, [roomId], { from: span.start, to: span.end }, opts)));
  const s = span.start.getTime();
  const e = span.end.getTime();
  return found.some((m) => (m.get(String(roomId)) ?? []).some((b) => b.start < e && b.end > s));
}
