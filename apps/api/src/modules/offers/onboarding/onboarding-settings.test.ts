import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { OnboardingMessages, ZOnboardingDocument, ZOnboardingDocumentList } from '@hireflow/contracts/offers-onboarding';
import { startTestApp } from '../../../test/test-app';
import { buildUser, tokenFor } from '../../../test/factories';
import { buildJobsCompany, type JobsCompany } from '../../jobs/jobs.test-support';
import { OnboardingDocument } from './onboarding-document.model';
import { OnboardingSubmission } from './onboarding-submission.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let a: JobsCompany;
let b: JobsCompany;
let listsEditor: string;

beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  [a, b] = await Promise.all([buildJobsCompany(ctx.config), buildJobsCompany(ctx.config)]);
  const editor = await buildUser({ customerId: a.customerId, role: 'recruiter', rights: ['standardSettings'] });
  listsEditor = `Bearer ${await tokenFor(ctx.config, editor)}`;
}, 120_000);
afterAll(() => ctx.stop());

const path = '/api/onboarding-documents';
const passport = { name: 'Passport or ID', description: 'A scan of both sides', required: true, fileTypes: ['png', 'pdf', 'jpg'] };
const create = (auth: string, body: Record<string, unknown>) => request(app).post(path).set('Authorization', auth).send(body);
const list = async (auth: string) => ZOnboardingDocumentList.parse((await request(app).get(path).set('Authorization', auth).expect(200)).body).items;

describe('onboarding documents settings', () => {
  it('answers 401 without a token and 403 without the standard settings right', async () => {
    await request(app).get(path).expect(401);
    const refused = await request(app).get(path).set('Authorization', a.recruiter.auth).expect(403);
    expect(refused.body.message).toBe('You need the "standardSettings" access right');
    await create(a.recruiter.auth, passport).expect(403);
    expect(await OnboardingDocument.countDocuments({ customerId: a.customerId })).toBe(0);
  });

  it('adds, edits, reorders and lists documents; refuses a duplicate name and a bad body plainly', async () => {
    expect(await list(a.admin.auth)).toEqual([]);
    const created = ZOnboardingDocument.parse((await create(a.admin.auth, passport).expect(201)).body);
    // File types are kept in the fixed order, whatever order the form sent.
    expect(created).toMatchObject({ name: 'Passport or ID', required: true, fileTypes: ['pdf', 'jpg', 'png'], active: true, submissionCount: 0 });
    const contract = ZOnboardingDocument.parse((await create(listsEditor, { name: 'Signed employment contract', fileTypes: ['pdf'] }).expect(201)).body);
    expect(contract).toMatchObject({ description: '', required: true });

    const dup = await create(a.admin.auth, { ...passport, name: '  passport OR id ' }).expect(409);
    expect(dup.body.message).toBe(OnboardingMessages.duplicate('Passport or ID'));
    expect((await create(a.admin.auth, { name: 'Tax form', fileTypes: [] }).expect(400)).body.message).toBe('fileTypes: pick at least one file type');
    expect((await create(a.admin.auth, { name: 'Tax form', fileTypes: ['exe'] }).expect(400)).body.message).toMatch(/^fileTypes\.0: must be among pdf, docx, jpg, png/);
    expect((await create(a.admin.auth, { name: ' ', fileTypes: ['pdf'] }).expect(400)).body.message).toBe('name: is required');

    const edited = await request(app).patch(`${path}/${contract.id}`).set('Authorization', a.admin.auth).send({ name: 'Employment contract (signed)', required: false, fileTypes: ['pdf', 'docx'] }).expect(200);
    expect(edited.body).toMatchObject({ name: 'Employment contract (signed)', required: false, fileTypes: ['pdf', 'docx'] });
    const clash = await request(app).patch(`${path}/${contract.id}`).set('Authorization', a.admin.auth).send({ name: 'PASSPORT or id' }).expect(409);
    expect(clash.body.message).toBe(OnboardingMessages.duplicate('Passport or ID'));

    const reordered = await request(app).put(`${path}/order`).set('Authorization', a.admin.auth).send({ ids: [contract.id, created.id] }).expect(200);
    expect(reordered.body.items.map((d: { name: string }) => d.name)).toEqual(['Employment contract (signed)', 'Passport or ID']);
    const stale = await request(app).put(`${path}/order`).set('Authorization', a.admin.auth).send({ ids: [created.id] }).expect(400);
    expect(stale.body.message).toBe(OnboardingMessages.reorderMismatch);
    expect((await list(a.admin.auth)).map((d) => d.name)).toEqual(['Employment contract (signed)', 'Passport or ID']);
  });

  it('deletes a document nobody uploaded; one with uploads is archived instead, and restored', async () => {
    const unused = ZOnboardingDocument.parse((await create(a.admin.auth, { name: 'Bank details form', fileTypes: ['pdf', 'docx'] }).expect(201)).body);
    await request(app).delete(`${path}/${unused.id}`).set('Authorization', a.admin.auth).expect(204);
    expect(await OnboardingDocument.exists({ customerId: a.customerId, _id: unused.id })).toBeNull();

    const used = (await list(a.admin.auth)).find((d) => d.name === 'Passport or ID')!;
    await OnboardingSubmission.create({ customerId: a.customerId, offerId: a.customerId, documentId: used.id, applicationId: a.customerId, candidateId: a.customerId, jobId: a.customerId, fileId: 'f'.repeat(22), filename: 'id.pdf', contentType: 'application/pdf', size: 10, uploadedAt: new Date() });
    const refused = await request(app).delete(`${path}/${used.id}`).set('Authorization', a.admin.auth).expect(409);
    expect(refused.body.message).toBe(OnboardingMessages.inUse);
    expect((await list(a.admin.auth)).find((d) => d.id === used.id)).toMatchObject({ submissionCount: 1, active: true });
    const archived = await request(app).patch(`${path}/${used.id}`).set('Authorization', a.admin.auth).send({ active: false }).expect(200);
    expect(archived.body).toMatchObject({ active: false, submissionCount: 1 });
    await request(app).patch(`${path}/${used.id}`).set('Authorization', a.admin.auth).send({ active: true }).expect(200);
    expect((await request(app).patch(`${path}/${used.id}`).set('Authorization', a.admin.auth).send({}).expect(400)).body.message).toBe('Nothing to change');
  });

  it("keeps companies apart: B neither sees nor changes A's documents", async () => {
    const [doc] = await list(a.admin.auth);
    expect(await list(b.admin.auth)).toEqual([]);
    await request(app).patch(`${path}/${doc!.id}`).set('Authorization', b.admin.auth).send({ name: 'Hijacked' }).expect(404);
    await request(app).delete(`${path}/${doc!.id}`).set('Authorization', b.admin.auth).expect(404);
    const order = await request(app).put(`${path}/order`).set('Authorization', b.admin.auth).send({ ids: [doc!.id] }).expect(400);
    expect(order.body.message).toBe(OnboardingMessages.reorderMismatch);
    // B may use a name A uses.
    await create(b.admin.auth, { name: doc!.name, fileTypes: ['pdf'] }).expect(201);
    expect((await list(a.admin.auth)).find((d) => d.id === doc!.id)!.name).toBe(doc!.name);
  });
});
