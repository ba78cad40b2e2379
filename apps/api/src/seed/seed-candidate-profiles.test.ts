import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp } from '../test/test-app';
import { tokenFor } from '../test/factories';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { seedDemoData } from './seed';

let ctx: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  ctx = await startTestApp();
  await seedDemoData({ config: ctx.config, logger: ctx.logger });
}, 240_000);
afterAll(() => ctx.stop());

const signIn = async (email: string) => {
  const acme = (await Customer.findOne({ slug: 'acme' }).lean())!;
  const user = (await User.findOne({ customerId: acme._id, email }).lean())!;
  return `Bearer ${await tokenFor(ctx.config, user)}`;
};

describe('demo notes and pinned profiles', () => {
  it('gives the recruiter pinned profiles and the hiring manager an unread mention on a candidate he can open', async () => {
    const recruiter = await signIn('recruiter@acme.test');
    const pinned = await request(ctx.app).get('/api/candidates/pinned').set('Authorization', recruiter);
    expect(pinned.body.total).toBeGreaterThanOrEqual(3);

    const hm = await signIn('hm@acme.test');
    const mentions = await request(ctx.app).get('/api/candidates/mentions').set('Authorization', hm);
    expect(mentions.body.unread).toBe(1);
    const candidateId = mentions.body.items[0].candidate.id as string;
    expect(mentions.body.items[0].excerpt).toContain('@Hank Manager');
    const profile = await request(ctx.app).get(`/api/candidates/${candidateId}`).set('Authorization', hm);
    expect(profile.status).toBe(200);
    const notes = await request(ctx.app).get(`/api/candidates/${candidateId}/notes`).set('Authorization', recruiter);
    expect(notes.body.items.length).toBeGreaterThanOrEqual(2);
  });
});
