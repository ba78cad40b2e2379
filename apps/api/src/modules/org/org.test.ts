import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import { OrgKinds, OrgValidation, type TOrgKind } from '@hireflow/contracts/org';
import { startTestApp } from '../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../test/factories';
import { Department } from './department.model';
import { BusinessUnit } from './business-unit.model';
import { Customer } from './customer.model';
import { CustomField } from './custom-field.model';
import { JobCode } from './job-code.model';
import { buildJobsCompany, requisitionBody } from '../jobs/jobs.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let companyA: Types.ObjectId;
let companyB: Types.ObjectId;
const t: Record<string, string> = {};

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  const [a, b] = await Promise.all([buildCustomer({ domains: ['acme-org.test'] }), buildCustomer({ domains: ['globex-org.test'] })]);
  companyA = a._id;
  companyB = b._id;
  t.adminA = await tokenFor(ctx.config, await buildUser({ customerId: a._id, admin: true }));
  t.standardA = await tokenFor(ctx.config, await buildUser({ customerId: a._id, rights: ['standardSettings'] }));
  t.plainA = await tokenFor(ctx.config, await buildUser({ customerId: a._id, role: 'employee' }));
  t.adminB = await tokenFor(ctx.config, await buildUser({ customerId: b._id, admin: true }));
});
afterAll(() => ctx.stop());

const as = (token: string) => ({
  get: (path: string) => request(app).get(path).set('Authorization', `Bearer ${token}`),
  post: (path: string, body: object = {}) => request(app).post(path).set('Authorization', `Bearer ${token}`).send(body),
  del: (path: string) => request(app).delete(path).set('Authorization', `Bearer ${token}`),
});

/** A valid create body per kind (listId filled in by the caller for dropdown fields). */
const samples: Record<TOrgKind, (n: string) => object> = {
  'business-units': (n) => ({ name: `Unit ${n}` }),
  departments: (n) => ({ name: `Dept ${n}` }),
  locations: (n) => ({ name: `City ${n}`, city: 'Berlin', addresses: [{ label: 'HQ', address: 'Main street 1' }] }),
  campuses: (n) => ({ name: `Campus ${n}`, contactEmail: 'dean@uni.test' }),
  clients: (n) => ({ name: `Client ${n}`, website: 'https://client.test' }),
  'job-codes': (n) => ({ code: `jc-${n}`, title: `Engineer ${n}`, approvedHeadcount: 5 }),
  lists: (n) => ({ name: `List ${n}`, options: ['One', 'Two'] }),
  tags: (n) => ({ name: `Tag ${n}`, color: 'blue' }),
  sources: (n) => ({ name: `Source ${n}` }),
  'custom-fields': (n) => ({ entity: 'job', label: `Field ${n}`, type: 'text' }),
};

describe.each(OrgKinds.map((k) => [k]))('/api/org/%s', (kind) => {
  it('creates, lists, edits, deactivates and deletes an item of the caller company only', async () => {
    const admin = as(t.adminA!);
    const created = await admin.post(`/api/org/${kind}`, samples[kind]('alpha'));
    expect(created.status).toBe(201);
    const id = created.body.item.id as string;
    expect(created.body.item).toMatchObject({ kind, status: 'active' });

    const listed = await admin.get(`/api/org/${kind}?search=alpha`);
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((i: { id: string }) => i.id)).toEqual([id]);
    expect(listed.body.total).toBe(1);

    const dup = await admin.post(`/api/org/${kind}`, samples[kind]('ALPHA'));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/already exists$/);

    const other = as(t.adminB!);
    expect((await other.get(`/api/org/${kind}`)).body.total).toBe(0);
    expect((await other.post(`/api/org/${kind}/${id}`, samples[kind]('hijack'))).status).toBe(404);
    expect((await other.post(`/api/org/${kind}/${id}/status`, { status: 'inactive' })).status).toBe(404);
    expect((await other.del(`/api/org/${kind}/${id}`)).status).toBe(404);

    const edited = await admin.post(`/api/org/${kind}/${id}`, samples[kind]('beta'));
    expect(edited.status).toBe(200);
    expect(edited.body.item.displayName).toMatch(/beta/i);

    const off = await admin.post(`/api/org/${kind}/${id}/status`, { status: 'inactive' });
    expect(off.body.item.status).toBe('inactive');
    expect((await admin.get(`/api/org/${kind}?status=active`)).body.total).toBe(0);
    expect((await admin.get(`/api/org/${kind}/options`)).body.options).toEqual([]);

    expect((await admin.get(`/api/org/${kind}/${id}/usage`)).body).toEqual({ usage: [] });
    expect((await admin.del(`/api/org/${kind}/${id}`)).status).toBe(204);
    expect((await admin.get(`/api/org/${kind}`)).body.total).toBe(0);
  });
});

describe('org access rules', () => {
  it('401 without a token; 403 without the page right; options open to every signed-in user', async () => {
    expect((await request(app).get('/api/org/departments')).status).toBe(401);
    const plain = as(t.plainA!);
    const res = await plain.get('/api/org/departments');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You need the "standardSettings" access right');
    expect((await plain.post('/api/org/departments', { name: 'X' })).status).toBe(403);
    expect((await plain.get('/api/org/departments/options')).status).toBe(200);
  });

  it('job codes need manageJobCodes and custom fields advanceSettings, not standardSettings', async () => {
    const std = as(t.standardA!);
    expect((await std.get('/api/org/departments')).status).toBe(200);
    expect((await std.get('/api/org/job-codes')).status).toBe(403);
    expect((await std.get('/api/org/custom-fields')).status).toBe(403);
  });

  it('400 for an unknown kind, a bad id and each invalid field', async () => {
    const admin = as(t.adminA!);
    expect((await admin.get('/api/org/planets')).body.message).toMatch(/^kind: must be one of/);
    expect((await admin.post('/api/org/departments/xyz', { name: 'A' })).body.message).toBe('id: must be a valid id');
    expect((await admin.post('/api/org/departments', { name: '  ' })).body.message).toBe('name: is required');
    expect((await admin.post('/api/org/job-codes', { code: 'A 1', title: 'T', approvedHeadcount: 1 })).body.message).toBe('code: may use letters, digits, dots, dashes and underscores');
    expect((await admin.post('/api/org/job-codes', { code: 'A1', title: 'T', approvedHeadcount: -1 })).body.message).toBe('approvedHeadcount: must not be negative');
    expect((await admin.post('/api/org/lists', { name: 'L', options: ['a', 'A'] })).body.message).toBe('options: must not repeat an option');
    expect((await admin.post('/api/org/campuses', { name: 'C', contactEmail: 'nope' })).body.message).toBe('contactEmail: must be a valid email address');
    expect((await admin.post('/api/org/custom-fields', { entity: 'job', label: 'L', type: 'dropdown' })).body.message).toBe('listId: is required for a dropdown field');
    expect(await Department.countDocuments({ customerId: companyA, name: '' })).toBe(0);
  });

  it('pages like the user list: 51 items answer "more", total is the count', async () => {
    await Department.insertMany(Array.from({ length: 60 }, (_, i) => ({ customerId: companyB, name: `Bulk ${String(i).padStart(2, '0')}` })));
    const first = await as(t.adminB!).get('/api/org/departments');
    expect(first.body.items).toHaveLength(OrgValidation.pageSize + 1);
    expect(first.body.total).toBe(60);
    expect(first.body.items[0].name).toBe('Bulk 00');
    const second = await as(t.adminB!).get('/api/org/departments?skip=50');
    expect(second.body.items).toHaveLength(10);
  });
});

describe('business units', () => {
  it('form a tree: the parent must be the company own, and no unit may sit under itself', async () => {
    const admin = as(t.adminA!);
    const root = (await admin.post('/api/org/business-units', { name: 'Root' })).body.item;
    const child = (await admin.post('/api/org/business-units', { name: 'Child', parentId: root.id })).body.item;
    expect(child.parentId).toBe(root.id);
    const grandchild = (await admin.post('/api/org/business-units', { name: 'Grandchild', parentId: child.id })).body.item;

    const loop = await admin.post(`/api/org/business-units/${root.id}`, { parentId: grandchild.id });
    expect(loop.status).toBe(400);
    expect(loop.body.message).toBe('parentId: a business unit cannot sit under itself or one of its own children');
    expect((await admin.post(`/api/org/business-units/${root.id}`, { parentId: root.id })).status).toBe(400);

    const foreign = await BusinessUnit.create({ customerId: companyB, name: 'Foreign' });
    const res = await admin.post('/api/org/business-units', { name: 'Stray', parentId: String(foreign._id) });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Parent business unit not found');

    const options = await admin.get('/api/org/business-units/options');
    expect(options.body.options).toContainEqual({ id: child.id, name: 'Child', parentId: root.id });
  });

  it('a unit in use cannot be deleted: the answer says where it is used; deactivating works', async () => {
    const admin = as(t.adminA!);
    const unit = (await admin.post('/api/org/business-units', { name: 'Busy' })).body.item;
    await buildUser({ customerId: companyA, ...({ buItemId: unit.id } as object) });
    await buildUser({ customerId: companyA, ...({ buItemId: unit.id } as object) });
    await admin.post('/api/org/business-units', { name: 'Busy child', parentId: unit.id });

    const usage = await admin.get(`/api/org/business-units/${unit.id}/usage`);
    expect(usage.body.usage).toEqual([
      { what: 'users', count: 2 },
      { what: 'business units under it', count: 1 },
    ]);
    const del = await admin.del(`/api/org/business-units/${unit.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('This business unit is in use (2 users, 1 business unit under it). Deactivate it instead of deleting it.');
    expect(await BusinessUnit.exists({ _id: unit.id, customerId: companyA })).not.toBeNull();
    expect((await admin.post(`/api/org/business-units/${unit.id}/status`, { status: 'inactive' })).body.item.status).toBe('inactive');
  });
});

describe('job codes, lists and custom fields', () => {
  it('the used headcount may not exceed the approved one', async () => {
    const admin = as(t.adminA!);
    const code = (await admin.post('/api/org/job-codes', { code: 'eng-1', title: 'Engineer', approvedHeadcount: 3, usedHeadcount: 2 })).body.item;
    expect(code).toMatchObject({ code: 'ENG-1', approvedHeadcount: 3, usedHeadcount: 2, displayName: 'ENG-1 — Engineer' });
    const res = await admin.post(`/api/org/job-codes/${code.id}`, { approvedHeadcount: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('usedHeadcount: cannot be more than the approved headcount (1)');
  });

  it('a code already over its approved headcount (justified approvals) can still be edited, but not pushed further over', async () => {
    const admin = as(t.adminA!);
    const code = (await admin.post('/api/org/job-codes', { code: 'ops-9', title: 'Ops', approvedHeadcount: 3, usedHeadcount: 3 })).body.item;
    await JobCode.updateOne({ customerId: companyA, _id: code.id }, { $set: { usedHeadcount: 5 } });
    const renamed = await admin.post(`/api/org/job-codes/${code.id}`, { code: 'OPS-9', title: 'Operations', approvedHeadcount: 3, usedHeadcount: 5 });
    expect(renamed.status).toBe(200);
    expect(renamed.body.item).toMatchObject({ title: 'Operations', approvedHeadcount: 3, usedHeadcount: 5 });
    expect((await admin.post(`/api/org/job-codes/${code.id}`, { approvedHeadcount: 2 })).status).toBe(400);
    expect((await admin.post(`/api/org/job-codes/${code.id}`, { usedHeadcount: 6 })).status).toBe(400);
    expect((await admin.post(`/api/org/job-codes/${code.id}`, { approvedHeadcount: 6 })).status).toBe(200);
  });

  it('a dropdown field needs a list of the company; the list cannot be deleted while a field uses it', async () => {
    const admin = as(t.adminA!);
    const list = (await admin.post('/api/org/lists', { name: 'Seniority', options: ['Junior', 'Senior'] })).body.item;
    const foreignList = (await as(t.adminB!).post('/api/org/lists', { name: 'Theirs', options: ['X'] })).body.item;
    expect((await admin.post('/api/org/custom-fields', { entity: 'candidate', label: 'Level', type: 'dropdown', listId: foreignList.id })).status).toBe(404);
    const field = await admin.post('/api/org/custom-fields', { entity: 'candidate', label: 'Level', type: 'dropdown', listId: list.id, required: true, order: 2 });
    expect(field.status).toBe(201);
    expect(field.body.item).toMatchObject({ entity: 'candidate', key: 'level', type: 'dropdown', listId: list.id, required: true, order: 2 });
    // The same label may exist on another entity, not twice on one.
    expect((await admin.post('/api/org/custom-fields', { entity: 'job', label: 'Level', type: 'text' })).status).toBe(201);
    expect((await admin.post('/api/org/custom-fields', { entity: 'candidate', label: 'level', type: 'text' })).status).toBe(409);
    const del = await admin.del(`/api/org/lists/${list.id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toContain('1 custom field');
    const jobFields = await admin.get('/api/org/custom-fields?entity=job');
    expect(jobFields.body.items.map((i: { label: string }) => i.label)).toEqual(['Level']);
  });
});

describe('custom fields keep their key and are not deleted while jobs or requisitions hold values', () => {
  it('renaming keeps the key; delete is refused with where it is used; deactivating works', async () => {
    const co = await buildJobsCompany(ctx.config);
    const admin = (path: string, body: object = {}) => request(app).post(path).set('Authorization', co.admin.auth).send(body);
    const created = await admin('/api/org/custom-fields', { entity: 'job', label: 'Cost centre', type: 'text' });
    expect(created.body.item.key).toBe('cost_centre');
    const id = created.body.item.id as string;
    const req = await request(app).post('/api/requisitions').set('Authorization', co.hm.auth).send(requisitionBody(co, { customFields: { cost_centre: 'CC-12' } }));
    expect(req.status).toBe(201);

    const renamed = await admin(`/api/org/custom-fields/${id}`, { label: 'Cost center' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.item).toMatchObject({ label: 'Cost center', key: 'cost_centre' });
    const options = await request(app).get('/api/requisitions/options').set('Authorization', co.hm.auth);
    expect(options.body.customFields).toEqual([expect.objectContaining({ key: 'cost_centre', label: 'Cost center' })]);

    const del = await request(app).delete(`/api/org/custom-fields/${id}`).set('Authorization', co.admin.auth);
    expect(del.status).toBe(409);
    expect(del.body.message).toMatch(/^This custom field is in use \(.*1 requisition.*\)\. Deactivate it instead of deleting it\.$/);
    expect(await CustomField.exists({ _id: id, customerId: co.customerId })).not.toBeNull();
    expect((await admin(`/api/org/custom-fields/${id}/status`, { status: 'inactive' })).body.item.status).toBe('inactive');

    // The old label is free again, but its key still belongs to the renamed field.
    const again = await admin('/api/org/custom-fields', { entity: 'job', label: 'Cost centre', type: 'text' });
    expect(again.status).toBe(201);
    expect(again.body.item.key).toBe('cost_centre_2');
    expect((await request(app).delete(`/api/org/custom-fields/${again.body.item.id}`).set('Authorization', co.admin.auth)).status).toBe(204);
  });
});

describe('/api/org-domains', () => {
  it('403 without companySettings', async () => {
    expect((await as(t.standardA!).get('/api/org-domains')).status).toBe(403);
  });

  it('lists, adds, renames and removes the company domains (a new claim waits for proof)', async () => {
    const admin = as(t.adminA!);
    const active = (domain: string) => ({ domain, status: 'active', proofSentTo: null, proofSentAt: null });
    const pending = (domain: string) => ({ domain, status: 'pending', proofSentTo: null, proofSentAt: null });
    expect((await admin.get('/api/org-domains')).body).toEqual({ domains: [active('acme-org.test')] });
    expect((await admin.post('/api/org-domains', { domain: 'Acme-Labs.test' })).body).toEqual({ domains: [pending('acme-labs.test'), active('acme-org.test')] });
    expect((await admin.post('/api/org-domains/acme-labs.test', { domain: 'acme-lab.test' })).body.domains).toContainEqual(pending('acme-lab.test'));
    expect((await admin.del('/api/org-domains/acme-lab.test')).body).toEqual({ domains: [active('acme-org.test')] });
    const stored = await Customer.findById(companyA).lean();
    expect(stored?.domains).toEqual(['acme-org.test']);
    expect(stored?.pendingDomains).toEqual([]);
  });

  it('refuses bad domains, public providers, and another company domain', async () => {
    const admin = as(t.adminA!);
    expect((await admin.post('/api/org-domains', { domain: 'not a domain' })).body.message).toBe('domain: must be a domain such as acme.com');
    expect((await admin.post('/api/org-domains', { domain: 'gmail.com' })).body.message).toBe('domain: public email providers cannot be used for self-sign-up');
    const taken = await admin.post('/api/org-domains', { domain: 'globex-org.test' });
    expect(taken.status).toBe(409);
    expect((await admin.del('/api/org-domains/globex-org.test')).status).toBe(404);
    expect((await Customer.findById(companyB).lean())?.domains).toEqual(['globex-org.test']);
  });
});
