import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { startTestApp } from '../test/test-app';
import { tokenFor } from '../test/factories';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { BusinessUnit } from '../modules/org/business-unit.model';
import { DemoDuplicateEmails } from './seed-duplicates';
import { Candidate } from '../modules/candidates/candidate.model';
import { seedDemoData } from './seed';

let ctx: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  ctx = await startTestApp();
  await seedDemoData({ config: ctx.config, logger: ctx.logger });
}, 240_000);
afterAll(() => ctx.stop());

describe('demo people and org structure', () => {
  it('gives each demo company 40 more people spread over roles, units, departments and locations', async () => {
    for (const slug of ['acme', 'globex']) {
      const customer = (await Customer.findOne({ slug }).lean())!;
      const people = await User.find({ customerId: customer._id }).lean();
      expect(people.length).toBeGreaterThanOrEqual(40);
      expect(new Set(people.map((p) => String(p.buItemId))).size).toBeGreaterThanOrEqual(4);
      expect(new Set(people.map((p) => String(p.location))).size).toBe(3);
      expect(people.filter((p) => p.addlRoles.includes('HM')).length).toBeGreaterThanOrEqual(6);
      expect(people.some((p) => p.status === 'inactive')).toBe(true);
      expect(await BusinessUnit.countDocuments({ customerId: customer._id })).toBe(5);
    }
  });

  it('the Acme admin lists all 44 people on one page, and every org list has entries', async () => {
    const acme = (await Customer.findOne({ slug: 'acme' }).lean())!;
    const admin = (await User.findOne({ customerId: acme._id, email: 'admin@acme.test' }).lean())!;
    const token = await tokenFor(ctx.config, admin);
    const list = await request(ctx.app).post('/api/user').set('Authorization', `Bearer ${token}`).send({});
    expect(list.body.cnt).toBe(44);
    expect(list.body.ul).toHaveLength(44);
    for (const kind of ['departments', 'locations', 'campuses', 'clients', 'job-codes', 'lists', 'tags', 'sources', 'custom-fields']) {
      const res = await request(ctx.app).get(`/api/org/${kind}`).set('Authorization', `Bearer ${token}`);
      expect(res.body.total, kind).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('demo names', () => {
  it("no two people of a company share a full name, nor two of its candidates except the deliberate duplicates (approver chains and pickers show names)", async () => {
    for (const slug of ['acme', 'globex']) {
      const customer = (await Customer.findOne({ slug }).lean())!;
      const people = await User.find({ customerId: customer._id }, { firstName: 1, lastName: 1 }).lean();
      const names = people.map((p) => `${p.firstName} ${p.lastName}`);
      expect(names.filter((n, i) => names.indexOf(n) !== i), slug).toEqual([]);
      // seed-duplicates.ts adds the same people twice on purpose, so the merge has something to show.
      const candidates = await Candidate.find({ customerId: customer._id, email: { $nin: [...DemoDuplicateEmails] } }, { firstName: 1, lastName: 1 }).lean();
      const candidateNames = candidates.map((c) => `${c.firstName} ${c.lastName}`);
      expect(candidateNames.length, slug).toBeGreaterThan(0);
      expect(candidateNames.filter((n, i) => candidateNames.indexOf(n) !== i), slug).toEqual([]);
    }
  });
});

describe('the demo company waiting for authorisation', () => {
  it('exists with its admin, so the super admin overview has something to authorise', async () => {
    const northwind = (await Customer.findOne({ slug: 'northwind' }).lean())!;
    expect(northwind).toMatchObject({ isAuthorized: false, status: 'active' });
    expect(await User.countDocuments({ customerId: northwind._id, email: 'owner@northwind.test', admin: true })).toBe(1);
  });
});
