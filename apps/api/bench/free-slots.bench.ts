// Free slots at scale (issue 15): POST /api/user/calendar/getfreeslotforhire for a panel of 5 interviewers in
// three time zones, each with 200 booked interviews over the 3 weeks asked about, in a company where 50 more
// people have as many (the busy-time query must not read theirs). With and without a meeting room at an address
// (5 rooms holding some 700 bookings, about 9 a room a working day). Each panel member also has a past year of
// interviews (BENCH_HISTORY, 1,000 each) that the query must skip through the index.
// Run from apps/api: `npx tsx bench/free-slots.bench.ts`; BENCH_SAMPLES and BENCH_BUSY make a quick run smaller.
// Prints figures, asserts nothing; bounded by MaxSeconds. Seeding uses raw bulk inserts.
import { createServer } from 'node:http';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { InterviewApi } from '@hireflow/contracts/interviews';
import { Interview } from '../src/modules/interviews/interview.model';
import { MeetingRoom } from '../src/modules/interviews/rooms/meeting-room.model';
import { Location } from '../src/modules/org/location.model';
import { User } from '../src/modules/users/user.model';
import { startTestApp } from '../src/test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../src/test/factories';
import { close, fmt, listen } from './lib';

const Samples = Number(process.env.BENCH_SAMPLES ?? 100);
const BusyEach = Number(process.env.BENCH_BUSY ?? 200);
const Bystanders = 50;
// Each panel member's past year: interviews before the range, which the busy-time query must not read.
const History = Number(process.env.BENCH_HISTORY ?? 1000);
const MaxSeconds = 10 * 60;
const Day = 86_400_000;

const watchdog = setTimeout(() => {
  console.error(`free-slots.bench: stopped after ${MaxSeconds} s (time bound)`);
  process.exit(2);
}, MaxSeconds * 1000);
watchdog.unref();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
// A Monday three weeks before the range ends; the app's clock stands just before it.
const RangeStart = Date.parse('2027-03-01T00:00:00Z');
const RangeEnd = RangeStart + 21 * Day;

/** `count` interviews of 30-60 minutes for each of `userIds`, spread over the range's days and hours (`roomShare` of them in a room). */
function interviewsFor(customerId: Types.ObjectId, userIds: Types.ObjectId[], count: number, roomIds: Types.ObjectId[], roomShare: number, from = RangeStart, days = 21) {
  const rows = [];
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (const userId of userIds) {
    for (let i = 0; i < count; i++) {
      const day = Math.floor(rnd() * days);
      const start = from + day * Day + Math.floor(rnd() * 46) * 30 * 60_000;
      const minutes = [30, 45, 60][Math.floor(rnd() * 3)]!;
      const roomId = roomIds.length && rnd() < roomShare ? roomIds[Math.floor(rnd() * roomIds.length)]! : null;
      rows.push({
        _id: new Types.ObjectId(), customerId, applicationId: new Types.ObjectId(), candidateId: new Types.ObjectId(), jobId: new Types.ObjectId(), roundId: null, roundName: 'Technical',
        attributes: [], start: new Date(start), end: new Date(start + minutes * 60_000), durationMinutes: minutes, timeZone: 'UTC', mode: roomId ? 'onsite' : 'video', roomId,
        videoLink: '', phone: '', interviewerIds: [userId], templateId: null, note: '', status: i % 10 === 9 ? 'cancelled' : 'scheduled', statusNote: '',
        uid: `${randomUUID()}@bench.test`, sequence: 0, scheduledBy: null, selfScheduleLinkId: null, remindersSent: [], createdAt: new Date(), updatedAt: new Date(), __v: 0,
      });
    }
  }
  return rows;
}

async function timeCalls(url: string, token: string, body: object) {
  const times: number[] = [];
  let slots = 0;
  // The server runs in this process (embedded database included): CPU time per call shows the cost when the
  // machine is shared and wall-clock figures mostly measure waiting for a core.
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < Samples; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}${InterviewApi.freeSlots}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await res.json()) as { slots: unknown[] };
    if (!res.ok) throw new Error(`free slots answered ${res.status}: ${JSON.stringify(json)}`);
    times.push(performance.now() - t0);
    slots = json.slots.length;
  }
  const cpu = process.cpuUsage(cpu0);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), slots, cpuMs: (cpu.user + cpu.system) / 1000 / Samples };
}

const ctx = await startTestApp({ LOG_LEVEL: 'silent', RATE_LIMIT_DISABLED: 'true' });
ctx.app.locals.clock = { now: () => RangeStart - Day };
try {
  const company = await buildCustomer({ name: 'Busy panel' });
  const customerId = company._id;
  const zones = ['Europe/Berlin', 'Europe/Berlin', 'America/New_York', 'America/New_York', 'Asia/Kolkata'];
  const panel = await Promise.all(zones.map(() => buildUser({ customerId, role: 'employee' })));
  // Wide hours so the zones overlap for a few hours a day: Berlin 08-20, New York 07-19, Kolkata 12-23.
  const hours: Record<string, [string, string]> = { 'Europe/Berlin': ['08:00', '20:00'], 'America/New_York': ['07:00', '19:00'], 'Asia/Kolkata': ['12:00', '23:00'] };
  await Promise.all(panel.map((u, i) => User.updateOne({ customerId, _id: u._id }, {
    $set: { timezone: zones[i], workingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: hours[zones[i]!]![0], end: hours[zones[i]!]![1] })) },
  })));
  const bystanders = await Promise.all(Array.from({ length: Bystanders }, () => buildUser({ customerId, role: 'employee' })));
  const location = await Location.create({ customerId, name: 'Berlin', addresses: [{ label: 'HQ', address: 'Invalidenstraße 1' }] });
  const addressId = location.addresses[0]!._id;
  const rooms = await MeetingRoom.insertMany([4, 6, 8, 10, 12].map((capacity, i) => ({ customerId, name: `Room ${i + 1}`, locationId: location._id, addressId, capacity })));

  const seedStarted = performance.now();
  const roomIds = rooms.map((r) => r._id);
  await Interview.collection.insertMany(interviewsFor(customerId, panel.map((u) => u._id), BusyEach, roomIds, 0.2), { ordered: false });
  await Interview.collection.insertMany(interviewsFor(customerId, bystanders.map((u) => u._id), BusyEach, roomIds, 0.05), { ordered: false });
  if (History) await Interview.collection.insertMany(interviewsFor(customerId, panel.map((u) => u._id), History, roomIds, 0.2, RangeStart - 365 * Day, 364), { ordered: false });
  console.log(`seed: ${fmt(BusyEach)} interviews for each of 5 panel members and ${Bystanders} other people (${fmt((5 + Bystanders) * BusyEach)} in all) over 3 weeks, plus ${fmt(History)} in the past year for each panel member, in ${fmt((performance.now() - seedStarted) / 1000, 1)} s`);

  const token = await tokenFor(ctx.config, panel[0]!);
  const server = createServer(ctx.app);
  const url = await listen(server);
  const base = { interviewerIds: panel.map((u) => String(u._id)), durationMinutes: 60, from: new Date(RangeStart).toISOString(), to: new Date(RangeEnd).toISOString(), timeZone: 'Europe/Berlin' };
  console.log(`\nPOST ${InterviewApi.freeSlots} (5 interviewers, 3 weeks, 60 minutes every 30), ${Samples} sequential calls each:`);
  for (const [label, body] of [['panel of 5', base], ['panel of 5 + room at an address', { ...base, addressId: String(addressId) }]] as const) {
    await timeCalls(url, token, body); // warm-up
    const r = await timeCalls(url, token, body);
    console.log(`  ${label.padEnd(32)} p50 ${fmt(r.p50, 1).padStart(6)} ms   p95 ${fmt(r.p95, 1).padStart(6)} ms   cpu ${fmt(r.cpuMs, 1).padStart(5)} ms/call   slots ${r.slots}`);
  }
  console.log(`goal: p95 < 50 ms (load average while measuring: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`);
  await close(server);
} finally {
  await ctx.stop();
  clearTimeout(watchdog);
}
