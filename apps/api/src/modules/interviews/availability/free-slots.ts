import { DateTime } from 'luxon';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { DefaultWorkingDays, InterviewLimits, type TFreeSlotResponse, type TWorkingDay, type ZFreeSlotRequest } from '@hireflow/contracts/interviews';
import { AppError } from '../../../lib/app-error';
import { User } from '../../users/user.model';
import { Location } from '../../org/location.model';
import { MeetingRoom } from '../rooms/meeting-room.model';
import { busyTimesOf, roomBusyTimes } from './busy-times';
import { intersect, slotStarts, subtract, workingIntervals, type Interval } from './intervals';

type FreeSlotRequest = z.output<typeof ZFreeSlotRequest>;

/** A user's working days (the default week when they never set theirs). */
export const workingDaysOf = (user: { workingHours?: TWorkingDay[] | null }) => (user.workingHours?.length ? user.workingHours : DefaultWorkingDays);

/**
 * The slots of `durationMinutes` between `from` and `to` (never in the past) in which every interviewer is
 * within their working hours (each in their own time zone) and not busy, and, when an office address is
 * asked for, a room there is free too (the smallest that seats the panel and the candidate). Times are
 * answered with the requester's offset.
 */
export async function findFreeSlots(customerId: Types.ObjectId, req: FreeSlotRequest, now: Date): Promise<TFreeSlotResponse> {
  const from = Math.max(Date.parse(req.from), now.getTime());
  const to = Date.parse(req.to);
  const empty: TFreeSlotResponse = { timeZone: req.timeZone, durationMinutes: req.durationMinutes, slots: [], truncated: false };
  const ids = [...new Set(req.interviewerIds)].map((id) => new Types.ObjectId(id));
  const range = { from: new Date(from), to: new Date(to) };
  // The people, the rooms and the busy times are independent reads: one round trip's wait instead of three.
  // (Busy times are only used once every id proved to be an active user of this company.)
  const [people, rooms, busy] = await Promise.all([
    User.find({ customerId, _id: { $in: ids }, status: 'active' }, { timezone: 1, workingHours: 1 }).lean(),
    req.addressId ? roomsAt(customerId, new Types.ObjectId(req.addressId), ids.length + 1) : null,
    from < to ? busyTimesOf(customerId, ids, range) : new Map<string, Interval[]>(),
  ]);
  if (people.length !== ids.length) throw AppError.badRequest('interviewerIds: an interviewer was not found or is no longer active');
  if (from >= to || (rooms && rooms.length === 0)) return empty;

  let free: Interval[] = [{ start: from, end: to }];
  for (const person of people) {
    free = intersect(free, workingIntervals(workingDaysOf(person), person.timezone || 'UTC', from, to));
    free = subtract(free, busy.get(String(person._id)) ?? []);
    if (!free.length) return empty;
  }

  const durationMs = req.durationMinutes * 60_000;
  const step = req.stepMinutes ?? InterviewLimits.defaultStepMinutes;
  const { starts, truncated } = slotStarts(free, durationMs, step, req.timeZone, rooms ? Number.MAX_SAFE_INTEGER : InterviewLimits.maxSlots);
  const iso = (ms: number) => DateTime.fromMillis(ms, { zone: req.timeZone }).toISO()!;

  if (!rooms) {
    return { ...empty, slots: starts.map((s) => ({ start: iso(s), end: iso(s + durationMs), roomId: null, roomName: null })), truncated };
  }
  if (!starts.length) return empty;
  // Room bookings only matter where the panel is free: read them for that stretch, not the whole range.
  const roomBusy = await roomBusyTimes(customerId, rooms.map((r) => r._id), { from: new Date(starts[0]!), to: new Date(starts[starts.length - 1]! + durationMs) });
  const slots: TFreeSlotResponse['slots'] = [];
  for (const s of starts) {
    const room = rooms.find((r) => !(roomBusy.get(String(r._id)) ?? []).some((b) => b.start < s + durationMs && b.end > s));
    if (!room) continue;
    if (slots.length === InterviewLimits.maxSlots) return { ...empty, slots, truncated: true };
    slots.push({ start: iso(s), end: iso(s + durationMs), roomId: String(room._id), roomName: room.name });
  }
  return { ...empty, slots };
}

/** Active rooms at an office address that seat `people`, smallest first; 404 for an address not of the company. */
async function roomsAt(customerId: Types.ObjectId, addressId: Types.ObjectId, people: number) {
  const location = await Location.exists({ customerId, 'addresses._id': addressId });
  if (!location) throw AppError.notFound('Office address');
  return MeetingRoom.find({ customerId, addressId, active: true, capacity: { $gte: people } }, { name: 1, capacity: 1 }).sort({ capacity: 1, name: 1 }).lean();
}
