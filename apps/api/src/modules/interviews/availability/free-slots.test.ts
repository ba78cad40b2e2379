import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import { InterviewApi, type TFreeSlotRequest, type TFreeSlotResponse } from '@hireflow/contracts/interviews';
import { startTestApp } from '../../../test/test-app';
import { buildUser } from '../../../test/factories';
import { Location } from '../../org/location.model';
import { User } from '../../users/user.model';
import { addInterview, addMeetingRoom, buildInterviewCompany, setWorkingHours, type InterviewCompany } from '../interviews.test-support';
import { MeetingRoom } from '../rooms/meeting-room.model';

/**
 * Every expectation below is worked out by hand (UTC offsets: Europe/Berlin +01:00 until 29 Mar 2026 02:00,
 * then +02:00; America/New_York -05:00 until 8 Mar 2026 02:00, then -04:00; Asia/Kolkata +05:30 all year).
 */
let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let ic: InterviewCompany;
let other: InterviewCompany;
const NowDefault = Date.parse('2026-03-01T00:00:00Z');
let now = NowDefault;

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  app.locals.clock = { now: () => now };
  ic = await buildInterviewCompany(app, ctx.config, { applicants: 2 });
  other = await buildInterviewCompany(app, ctx.config, { applicants: 1, title: 'Other company job' });
});
afterAll(() => ctx.stop());
beforeEach(() => {
  now = NowDefault;
});

const slotsFor = (auth: string, body: Partial<TFreeSlotRequest>) => request(app).post(InterviewApi.freeSlots).set('Authorization', auth).send(body);
async function freeSlots(body: Partial<TFreeSlotRequest>, auth = ic.co.recruiter.auth): Promise<TFreeSlotResponse> {
  const res = await slotsFor(auth, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as TFreeSlotResponse;
}
const starts = (r: TFreeSlotResponse) => r.slots.map((s) => s.start);
const weekdays = (start: string, end: string, days = [1, 2, 3, 4, 5]) => days.map((weekday) => ({ weekday, start, end }));

/** Three more people of the company, one per time zone, so each test picks a fresh panel. */
async function person(timezone: string, days: { weekday: number; start: string; end: string }[] = []) {
  const user = await buildUser({ customerId: ic.co.customerId, role: 'employee' });
  await setWorkingHours(ic.co.customerId, user._id, timezone, days);
  return String(user._id);
}

describe(`POST ${InterviewApi.freeSlots}: working hours and time zones`, () => {
  it('offers one Berlin interviewer the default week, 09:00 to 17:00 on their clock, every half hour', async () => {
    const berlin = await person('Europe/Berlin');
    const r = await freeSlots({ interviewerIds: [berlin], durationMinutes: 60, from: '2026-03-23T00:00:00+01:00', to: '2026-03-24T00:00:00+01:00', timeZone: 'Europe/Berlin' });
    expect(r.timeZone).toBe('Europe/Berlin');
    expect(r.truncated).toBe(false);
    // 09:00, 09:30, ... 16:00: the last hour ends at 17:00.
    expect(r.slots).toHaveLength(15);
    expect(r.slots[0]).toEqual({ start: '2026-03-23T09:00:00.000+01:00', end: '2026-03-23T10:00:00.000+01:00', roomId: null, roomName: null });
    expect(r.slots[14]).toMatchObject({ start: '2026-03-23T16:00:00.000+01:00', end: '2026-03-23T17:00:00.000+01:00' });
  });

  it('finds the hours a Berlin, a New York and a Kolkata interviewer share, in the requester\'s time zone', async () => {
    // Monday 23 Mar 2026 in UTC: Berlin 09-17 = 08:00-16:00; New York 09-17 = 13:00-21:00; Kolkata 14-22 = 08:30-16:30.
    // All three: 13:00-16:00 UTC.
    const panel = [await person('Europe/Berlin'), await person('America/New_York'), await person('Asia/Kolkata', weekdays('14:00', '22:00'))];
    const range = { interviewerIds: panel, durationMinutes: 60, from: '2026-03-23T00:00:00Z', to: '2026-03-24T00:00:00Z' };

    const berlin = await freeSlots({ ...range, timeZone: 'Europe/Berlin' });
    expect(starts(berlin)).toEqual(['14:00', '14:30', '15:00', '15:30', '16:00'].map((t) => `2026-03-23T${t}:00.000+01:00`));

    // In Kolkata 13:00 UTC is 18:30; on an hourly grid the first full hour is 19:00 (13:30 UTC), and 21:00 would end after 16:00 UTC.
    const kolkata = await freeSlots({ ...range, timeZone: 'Asia/Kolkata', stepMinutes: 60 });
    expect(kolkata.slots).toEqual([
      { start: '2026-03-23T19:00:00.000+05:30', end: '2026-03-23T20:00:00.000+05:30', roomId: null, roomName: null },
      { start: '2026-03-23T20:00:00.000+05:30', end: '2026-03-23T21:00:00.000+05:30', roomId: null, roomName: null },
    ]);

    const newYork = await freeSlots({ ...range, timeZone: 'America/New_York', stepMinutes: 60 });
    expect(starts(newYork)).toEqual(['2026-03-23T09:00:00.000-04:00', '2026-03-23T10:00:00.000-04:00', '2026-03-23T11:00:00.000-04:00']);
  });

  it('offers nothing when the panel shares no hour, and nothing on days off', async () => {
    // Berlin 08:00-16:00 UTC, Kolkata default 03:30-11:30 UTC, New York 13:00-21:00 UTC: Kolkata and New York never meet.
    const panel = [await person('Asia/Kolkata'), await person('America/New_York')];
    const r = await freeSlots({ interviewerIds: panel, durationMinutes: 30, from: '2026-03-23T00:00:00Z', to: '2026-03-28T00:00:00Z', timeZone: 'UTC' });
    expect(r.slots).toEqual([]);
    // Saturday and Sunday are days off by default.
    const weekend = await freeSlots({ interviewerIds: [await person('Europe/Berlin')], durationMinutes: 30, from: '2026-03-21T00:00:00+01:00', to: '2026-03-23T00:00:00+01:00', timeZone: 'Europe/Berlin' });
    expect(weekend.slots).toEqual([]);
  });

  it('keeps the working hours on each person\'s clock across New York\'s daylight-saving change (8 Mar 2026)', async () => {
    const newYork = await person('America/New_York');
    // A full working day (8 hours) gives one slot per working day: Friday 6 Mar (EST) and Monday 9 Mar (EDT).
    const range = { interviewerIds: [newYork], durationMinutes: 480, from: '2026-03-06T00:00:00-05:00', to: '2026-03-10T00:00:00-04:00' };
    const own = await freeSlots({ ...range, timeZone: 'America/New_York' });
    expect(own.slots.map((s) => [s.start, s.end])).toEqual([
      ['2026-03-06T09:00:00.000-05:00', '2026-03-06T17:00:00.000-05:00'],
      ['2026-03-09T09:00:00.000-04:00', '2026-03-09T17:00:00.000-04:00'],
    ]);
    // Seen from Berlin (still +01:00): 14:00 UTC is 15:00 on Friday, 13:00 UTC is 14:00 on Monday.
    const fromBerlin = await freeSlots({ ...range, timeZone: 'Europe/Berlin' });
    expect(fromBerlin.slots.map((s) => [s.start, s.end])).toEqual([
      ['2026-03-06T15:00:00.000+01:00', '2026-03-06T23:00:00.000+01:00'],
      ['2026-03-09T14:00:00.000+01:00', '2026-03-09T22:00:00.000+01:00'],
    ]);
  });

  it('moves the shared hours of Berlin and New York when Berlin changes to summer time (29 Mar 2026)', async () => {
    const panel = [await person('Europe/Berlin'), await person('America/New_York')];
    // Friday 27 Mar: Berlin 08:00-16:00 UTC, New York 13:00-21:00 UTC -> 13:00-16:00 UTC.
    // Monday 30 Mar: Berlin 07:00-15:00 UTC (summer time), New York 13:00-21:00 UTC -> 13:00-15:00 UTC.
    const range = { interviewerIds: panel, durationMinutes: 60, stepMinutes: 60, from: '2026-03-27T00:00:00Z', to: '2026-03-31T00:00:00Z' };
    const newYork = await freeSlots({ ...range, timeZone: 'America/New_York' });
    expect(starts(newYork)).toEqual([
      '2026-03-27T09:00:00.000-04:00', '2026-03-27T10:00:00.000-04:00', '2026-03-27T11:00:00.000-04:00',
      '2026-03-30T09:00:00.000-04:00', '2026-03-30T10:00:00.000-04:00',
    ]);
    const berlin = await freeSlots({ ...range, timeZone: 'Europe/Berlin' });
    expect(starts(berlin)).toEqual([
      '2026-03-27T14:00:00.000+01:00', '2026-03-27T15:00:00.000+01:00', '2026-03-27T16:00:00.000+01:00',
      '2026-03-30T15:00:00.000+02:00', '2026-03-30T16:00:00.000+02:00',
    ]);
  });

  it('counts the hour the clocks skip: a Sunday 01:00-05:00 shift in Berlin on 29 Mar 2026 lasts three hours', async () => {
    // 01:00 CET = 00:00 UTC; 05:00 CEST = 03:00 UTC. Hourly slots on the Berlin clock: 01:00, then 03:00 and 04:00 (02:00 does not exist).
    const berlin = await person('Europe/Berlin', [{ weekday: 7, start: '01:00', end: '05:00' }]);
    const r = await freeSlots({ interviewerIds: [berlin], durationMinutes: 60, stepMinutes: 60, from: '2026-03-29T00:00:00+01:00', to: '2026-03-30T00:00:00+02:00', timeZone: 'Europe/Berlin' });
    expect(r.slots.map((s) => [s.start, s.end])).toEqual([
      ['2026-03-29T01:00:00.000+01:00', '2026-03-29T03:00:00.000+02:00'],
      ['2026-03-29T03:00:00.000+02:00', '2026-03-29T04:00:00.000+02:00'],
      ['2026-03-29T04:00:00.000+02:00', '2026-03-29T05:00:00.000+02:00'],
    ]);
  });
});

describe(`POST ${InterviewApi.freeSlots}: busy interviewers`, () => {
  const at = (berlinClock: string) => new Date(`2026-04-13T${berlinClock}:00+02:00`); // Monday 13 Apr 2026, summer time

  it('skips the scheduled, completed and incident interviews of any panel member; cancelled and not-happened ones free the time', async () => {
    const [a, b] = [await person('Europe/Berlin'), await person('Europe/Berlin')];
    const [app0, app1] = ic.applicationIds as [string, string];
    await addInterview(ic, app0, { start: at('10:00'), interviewerIds: [a] });
    await addInterview(ic, app1, { start: at('12:00'), interviewerIds: [a], status: 'cancelled' });
    await addInterview(ic, app1, { start: at('13:00'), interviewerIds: [b], status: 'did_not_happen' });
    await addInterview(ic, app1, { start: at('14:00'), interviewerIds: [b], status: 'completed' });
    await addInterview(ic, app0, { start: at('15:00'), durationMinutes: 30, interviewerIds: [a, b], status: 'incident' });
    // Someone not on the panel being busy changes nothing.
    await addInterview(ic, app0, { start: at('09:00'), interviewerIds: [ic.co.hm.id] });

    const r = await freeSlots({ interviewerIds: [a, b], durationMinutes: 60, stepMinutes: 60, from: '2026-04-13T00:00:00+02:00', to: '2026-04-14T00:00:00+02:00', timeZone: 'Europe/Berlin' });
    expect(starts(r)).toEqual(['09:00', '11:00', '12:00', '13:00', '16:00'].map((t) => `2026-04-13T${t}:00.000+02:00`));
  });

  it('fits slots around a busy half hour on the requester\'s half-hour grid', async () => {
    const a = await person('Europe/Berlin', [{ weekday: 1, start: '09:00', end: '12:00' }]);
    await addInterview(ic, ic.applicationIds[0]!, { start: at('10:15'), durationMinutes: 30, interviewerIds: [a] });
    // Free 09:00-10:15 and 10:45-12:00: an hour fits at 09:00 only before, and at 11:00 after (10:45 is off the grid).
    const r = await freeSlots({ interviewerIds: [a], durationMinutes: 60, from: '2026-04-13T00:00:00+02:00', to: '2026-04-14T00:00:00+02:00', timeZone: 'Europe/Berlin' });
    expect(starts(r)).toEqual(['2026-04-13T09:00:00.000+02:00', '2026-04-13T11:00:00.000+02:00']);
  });

  it('never offers a time in the past: today starts at the next grid point after now', async () => {
    const a = await person('Europe/Berlin');
    now = Date.parse('2026-04-14T11:10:00+02:00');
    const r = await freeSlots({ interviewerIds: [a], durationMinutes: 60, from: '2026-04-14T00:00:00+02:00', to: '2026-04-15T00:00:00+02:00', timeZone: 'Europe/Berlin' });
    expect(r.slots[0]!.start).toBe('2026-04-14T11:30:00.000+02:00');
    expect(r.slots).toHaveLength(10); // 11:30 .. 16:00
    // A range wholly in the past has no slots.
    const past = await freeSlots({ interviewerIds: [a], durationMinutes: 60, from: '2026-04-13T00:00:00+02:00', to: '2026-04-14T00:00:00+02:00', timeZone: 'Europe/Berlin' });
    expect(past.slots).toEqual([]);
  });

  it('stops at 300 slots and says so', async () => {
    const a = await person('UTC', [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:59' })));
    const r = await freeSlots({ interviewerIds: [a], durationMinutes: 15, stepMinutes: 15, from: '2026-05-04T00:00:00Z', to: '2026-05-10T00:00:00Z', timeZone: 'UTC' });
    expect(r.slots).toHaveLength(300);
    expect(r.truncated).toBe(true);
    expect(r.slots[0]!.start).toBe('2026-05-04T00:00:00.000Z');
  });
});

describe(`POST ${InterviewApi.freeSlots}: meeting rooms`, () => {
  const at = (berlinClock: string) => new Date(`2026-04-20T${berlinClock}:00+02:00`); // Monday 20 Apr 2026

  it('gives each slot the smallest free room that seats the panel and the candidate; a booked room is skipped', async () => {
    const panel = [await person('Europe/Berlin'), await person('Europe/Berlin')];
    const booth = await addMeetingRoom(ic, 'Phone booth', 2); // too small for 2 interviewers + the candidate
    const small = await addMeetingRoom(ic, 'Small room', 4);
    const large = await addMeetingRoom(ic, 'Large room', 10);
    await MeetingRoom.create({ customerId: ic.co.customerId, name: 'Closed room', locationId: ic.co.location._id, addressId: ic.addressId, capacity: 3, active: false });
    // The small room is taken at 10:00, both rooms at 12:00 (by other people's interviews).
    await addInterview(ic, ic.applicationIds[0]!, { start: at('10:00'), interviewerIds: [ic.co.hm.id], mode: 'onsite', roomId: small._id });
    await addInterview(ic, ic.applicationIds[0]!, { start: at('12:00'), interviewerIds: [ic.co.hm.id], mode: 'onsite', roomId: small._id });
    await addInterview(ic, ic.applicationIds[1]!, { start: at('11:30'), interviewerIds: [ic.co.admin.id], mode: 'onsite', roomId: large._id, durationMinutes: 90 });
    // A cancelled booking frees its room.
    await addInterview(ic, ic.applicationIds[1]!, { start: at('14:00'), interviewerIds: [ic.co.admin.id], mode: 'onsite', roomId: small._id, status: 'cancelled' });

    const r = await freeSlots({
      interviewerIds: panel, durationMinutes: 60, stepMinutes: 60, from: '2026-04-20T00:00:00+02:00', to: '2026-04-21T00:00:00+02:00', timeZone: 'Europe/Berlin', addressId: String(ic.addressId),
    });
    expect(r.slots.map((s) => [s.start.slice(11, 16), s.roomName])).toEqual([
      ['09:00', 'Small room'],
      ['10:00', 'Large room'],
      ['11:00', 'Small room'],
      ['13:00', 'Small room'],
      ['14:00', 'Small room'],
      ['15:00', 'Small room'],
      ['16:00', 'Small room'],
    ]);
    expect(r.slots[1]!.roomId).toBe(String(large._id));
    expect(r.slots.some((s) => s.roomId === String(booth._id))).toBe(false);
    await MeetingRoom.deleteMany({ customerId: ic.co.customerId });
  });

  it('offers no slot at an address without a room that seats the panel', async () => {
    const a = await person('Europe/Berlin');
    const r = await freeSlots({ interviewerIds: [a], durationMinutes: 60, from: '2026-04-20T00:00:00+02:00', to: '2026-04-21T00:00:00+02:00', timeZone: 'Europe/Berlin', addressId: String(ic.addressId) });
    expect(r.slots).toEqual([]);
    const tiny = await addMeetingRoom(ic, 'Booth', 1);
    expect((await freeSlots({ interviewerIds: [a], durationMinutes: 60, from: '2026-04-20T00:00:00+02:00', to: '2026-04-21T00:00:00+02:00', timeZone: 'Europe/Berlin', addressId: String(ic.addressId) })).slots).toEqual([]);
    await MeetingRoom.deleteOne({ customerId: ic.co.customerId, _id: tiny._id });
  });
});

describe(`POST ${InterviewApi.freeSlots}: validation and access`, () => {
  const base = () => ({ interviewerIds: [ic.co.employee.id], durationMinutes: 60, from: '2026-04-20T00:00:00+02:00', to: '2026-04-21T00:00:00+02:00', timeZone: 'Europe/Berlin' });

  it('asks for a sign-in', async () => {
    await request(app).post(InterviewApi.freeSlots).send(base()).expect(401);
  });

  it.each([
    [{ to: '2026-05-22T00:00:00+02:00' }, 'to: may span at most 31 days'],
    [{ to: '2026-04-19T00:00:00+02:00' }, 'to: must be after from'],
    [{ from: '20 April' }, 'from: must be a date and time'],
    [{ interviewerIds: [] }, 'interviewerIds: choose at least one interviewer'],
    [{ interviewerIds: ['not-an-id'] }, 'interviewerIds.0:'],
    [{ timeZone: 'Mars/Olympus' }, 'timeZone: is not a known time zone'],
    [{ durationMinutes: 5 }, 'durationMinutes: must be at least 15 minutes'],
    [{ durationMinutes: undefined }, 'durationMinutes: is required'],
  ])('refuses %j with a clear 400', async (change, message) => {
    const res = await slotsFor(ic.co.recruiter.auth, { ...base(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('refuses an unknown or inactive interviewer', async () => {
    const unknown = await slotsFor(ic.co.recruiter.auth, { ...base(), interviewerIds: [new Types.ObjectId().toHexString()] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('interviewerIds: an interviewer was not found or is no longer active');
    const gone = await person('Europe/Berlin');
    await User.updateOne({ customerId: ic.co.customerId, _id: gone }, { $set: { status: 'inactive' } });
    expect((await slotsFor(ic.co.recruiter.auth, { ...base(), interviewerIds: [gone] })).status).toBe(400);
  });

  it('refuses an address that is not an office address of the company', async () => {
    const res = await slotsFor(ic.co.recruiter.auth, { ...base(), addressId: new Types.ObjectId().toHexString() });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Office address not found');
  });

  it('keeps companies apart: another company\'s interviewers and office address are refused, their bookings never show', async () => {
    const theirs = await slotsFor(ic.co.recruiter.auth, { ...base(), interviewerIds: [other.co.employee.id] });
    expect(theirs.status).toBe(400);
    expect(JSON.stringify(theirs.body)).not.toContain(other.co.employee.user.email);
    // Mixed with one of our own: still refused, so nothing is computed for their person.
    expect((await slotsFor(ic.co.recruiter.auth, { ...base(), interviewerIds: [ic.co.employee.id, other.co.employee.id] })).status).toBe(400);

    await addMeetingRoom(other, 'Their room', 8);
    const address = await slotsFor(ic.co.recruiter.auth, { ...base(), addressId: String(other.addressId) });
    expect(address.status).toBe(404);
    expect(JSON.stringify(address.body)).not.toContain('Their room');

    // Their user cannot ask about ours either.
    expect((await slotsFor(other.co.recruiter.auth, { ...base(), interviewerIds: [ic.co.employee.id] })).status).toBe(400);
    // Our office address exists in their eyes as nothing.
    expect((await Location.countDocuments({ customerId: other.co.customerId, 'addresses._id': ic.addressId }))).toBe(0);
  });

  it('is open to any signed-in user of the company (the scheduling dialog of an interviewer asks too)', async () => {
    const r = await freeSlots(base(), ic.co.employee.auth);
    expect(r.slots.length).toBeGreaterThan(0);
  });
});
