import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { DefaultWorkingDays, InterviewApi } from '@hireflow/contracts/interviews';
import { startTestApp } from '../../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../../test/factories';
import { User } from '../../users/user.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
});
afterAll(() => ctx.stop());

async function signedIn() {
  const customer = await buildCustomer();
  const user = await buildUser({ customerId: customer._id, role: 'employee' });
  return { user, customerId: customer._id, auth: `Bearer ${await tokenFor(ctx.config, user)}` };
}

describe(`GET/PUT ${InterviewApi.workingHours}`, () => {
  it('shows the default week in the user\'s time zone until they set their own', async () => {
    const { auth } = await signedIn();
    const res = await request(app).get(InterviewApi.workingHours).set('Authorization', auth).expect(200);
    expect(res.body).toEqual({ timeZone: 'UTC', days: DefaultWorkingDays });
  });

  it('saves the time zone and the days on the user (sorted), and answers them back', async () => {
    const { auth, user, customerId } = await signedIn();
    const body = { timeZone: 'Asia/Kolkata', days: [{ weekday: 3, start: '13:00', end: '18:00' }, { weekday: 1, start: '10:00', end: '18:30' }, { weekday: 3, start: '08:00', end: '12:00' }] };
    const res = await request(app).put(InterviewApi.workingHours).set('Authorization', auth).send(body).expect(200);
    const sorted = [{ weekday: 1, start: '10:00', end: '18:30' }, { weekday: 3, start: '08:00', end: '12:00' }, { weekday: 3, start: '13:00', end: '18:00' }];
    expect(res.body).toEqual({ timeZone: 'Asia/Kolkata', days: sorted });
    const stored = await User.findOne({ customerId, _id: user._id }).lean();
    expect(stored).toMatchObject({ timezone: 'Asia/Kolkata', workingHours: sorted });
    expect((await request(app).get(InterviewApi.workingHours).set('Authorization', auth).expect(200)).body).toEqual(res.body);
  });

  it.each([
    [{ timeZone: 'Atlantis/Capital', days: DefaultWorkingDays }, 'timeZone: is not a known time zone'],
    [{ timeZone: 'Europe/Berlin', days: [] }, 'days: turn on at least one working day'],
    [{ timeZone: 'Europe/Berlin', days: [{ weekday: 2, start: '17:00', end: '09:00' }] }, 'days.0.end: must end after it starts'],
    [{ timeZone: 'Europe/Berlin', days: [{ weekday: 2, start: '9:00', end: '17:00' }] }, 'days.0.start: must be a time like 09:00'],
    [{ timeZone: 'Europe/Berlin', days: [{ weekday: 8, start: '09:00', end: '17:00' }] }, 'days.0.weekday:'],
    [{ timeZone: 'Europe/Berlin', days: [{ weekday: 5, start: '09:00', end: '13:00' }, { weekday: 5, start: '12:00', end: '17:00' }] }, 'days: the hours of Friday overlap'],
  ])('refuses %j with a clear 400 and keeps what was saved', async (body, message) => {
    const { auth, user, customerId } = await signedIn();
    const res = await request(app).put(InterviewApi.workingHours).set('Authorization', auth).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await User.findOne({ customerId, _id: user._id }).lean()).toMatchObject({ timezone: 'UTC', workingHours: [] });
  });

  it('asks for a sign-in and only ever changes the caller', async () => {
    await request(app).get(InterviewApi.workingHours).expect(401);
    const a = await signedIn();
    const b = await signedIn();
    // Nothing in the body can name another user: the extra field is dropped.
    await request(app).put(InterviewApi.workingHours).set('Authorization', a.auth).send({ timeZone: 'America/New_York', days: DefaultWorkingDays, userId: String(b.user._id) }).expect(200);
    expect(await User.findOne({ customerId: b.customerId, _id: b.user._id }).lean()).toMatchObject({ timezone: 'UTC' });
    expect(await User.findOne({ customerId: a.customerId, _id: a.user._id }).lean()).toMatchObject({ timezone: 'America/New_York' });
  });
});
