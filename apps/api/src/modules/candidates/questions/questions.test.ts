import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { ScreeningQuestionMessages } from '@hireflow/contracts/candidates-questions';
import { startTestApp } from '../../../test/test-app';
import { buildUser, tokenFor } from '../../../test/factories';
import { buildJobsCompany, type JobsCompany } from '../../jobs/jobs.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let acme: JobsCompany;
let globex: JobsCompany;
let customizer: string;

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  [acme, globex] = [await buildJobsCompany(ctx.config), await buildJobsCompany(ctx.config)];
  customizer = `Bearer ${await tokenFor(ctx.config, await buildUser({ customerId: acme.customerId, role: 'employee', rights: ['applyPageCustomization'] }))}`;
});
afterAll(() => ctx.stop());

const create = (auth: string, body: object) => request(app).post('/api/screening-questions').set('Authorization', auth).send(body);
const search = (auth: string, text: string) => request(app).post(`/api/search/custom/questions/${text}`).set('Authorization', auth);

describe('managing the screening question bank', () => {
  it('needs the page-customization right: admins and holders of the right manage it, recruiters do not', async () => {
    expect((await request(app).post('/api/screening-questions').send({ text: 'x', type: 'yes_no' })).status).toBe(401);
    expect((await create(acme.recruiter.auth, { text: 'Do you drive?', type: 'yes_no' })).status).toBe(403);
    expect((await request(app).get('/api/screening-questions').set('Authorization', acme.recruiter.auth)).status).toBe(403);
    const made = await create(customizer, { text: '  Do you   hold a driving licence? ', type: 'yes_no' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ id: expect.any(String), text: 'Do you   hold a driving licence?', type: 'yes_no', options: [], active: true });
  });

  it('refuses bad input with clear messages, and the same wording twice', async () => {
    expect((await create(acme.admin.auth, { text: '', type: 'yes_no' })).body.message).toBe('text: is required');
    expect((await create(acme.admin.auth, { text: 'Hm?', type: 'essay' })).body.message).toMatch(/^type: must be one of short_text/);
    expect((await create(acme.admin.auth, { text: 'Pick one', type: 'single_choice', options: ['A'] })).body.message).toBe(ScreeningQuestionMessages.needsOptions);
    expect((await create(acme.admin.auth, { text: 'Pick one', type: 'number', options: ['A', 'B'] })).body.message).toBe(ScreeningQuestionMessages.optionsOnlyForChoice);
    const dup = await create(acme.admin.auth, { text: 'do you hold a DRIVING licence?', type: 'short_text' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(ScreeningQuestionMessages.duplicate);
  });

  it('lists, edits (type and options together) and deletes; another company cannot touch them', async () => {
    const choice = await create(acme.admin.auth, { text: 'Preferred office', type: 'single_choice', options: ['Berlin', 'Lisbon'] });
    const id = choice.body.id as string;
    const list = await request(app).get('/api/screening-questions?q=OFFICE').set('Authorization', acme.admin.auth);
    expect(list.body).toMatchObject({ total: 1, page: 1, items: [{ id, options: ['Berlin', 'Lisbon'] }] });

    expect((await request(app).patch(`/api/screening-questions/${id}`).set('Authorization', globex.admin.auth).send({ active: false })).status).toBe(404);
    expect((await request(app).delete(`/api/screening-questions/${id}`).set('Authorization', globex.admin.auth)).status).toBe(404);
    expect((await request(app).get('/api/screening-questions').set('Authorization', globex.admin.auth)).body.total).toBe(0);

    const toNumber = await request(app).patch(`/api/screening-questions/${id}`).set('Authorization', acme.admin.auth).send({ type: 'number' });
    expect(toNumber.body).toMatchObject({ type: 'number', options: [] });
    const back = await request(app).patch(`/api/screening-questions/${id}`).set('Authorization', acme.admin.auth).send({ type: 'single_choice' });
    expect(back.status).toBe(400);
    expect(back.body.message).toBe(`options: ${ScreeningQuestionMessages.needsOptions}`);
    const off = await request(app).patch(`/api/screening-questions/${id}`).set('Authorization', acme.admin.auth).send({ text: 'Preferred office city', active: false });
    expect(off.body).toMatchObject({ text: 'Preferred office city', active: false });
    // A change that leaves a field out leaves it as it is.
    const renamed = await request(app).patch(`/api/screening-questions/${id}`).set('Authorization', acme.admin.auth).send({ text: 'Preferred office' });
    expect(renamed.body).toMatchObject({ text: 'Preferred office', type: 'number', active: false });

    expect((await request(app).delete(`/api/screening-questions/${id}`).set('Authorization', acme.admin.auth)).status).toBe(204);
    expect((await request(app).delete(`/api/screening-questions/${id}`).set('Authorization', acme.admin.auth)).status).toBe(404);
    expect((await request(app).patch('/api/screening-questions/not-an-id').set('Authorization', acme.admin.auth).send({})).status).toBe(400);
  });
});

describe('POST /api/search/custom/questions/{text}', () => {
  it('any signed-in user of the company finds active questions by text, any case, regex characters taken literally', async () => {
    await create(acme.admin.auth, { text: 'Salary expectation (EUR)?', type: 'number' });
    await create(acme.admin.auth, { text: 'Years of C++ experience', type: 'number' });
    const retired = await create(acme.admin.auth, { text: 'Salary last year', type: 'number' });
    await request(app).patch(`/api/screening-questions/${retired.body.id}`).set('Authorization', acme.admin.auth).send({ active: false });
    await create(globex.admin.auth, { text: 'Salary at Globex', type: 'number' });

    expect((await search(acme.employee.auth, 'salary')).body.questions.map((q: { text: string }) => q.text)).toEqual(['Salary expectation (EUR)?']);
    expect((await search(acme.hm.auth, encodeURIComponent('c++'))).body.questions.map((q: { text: string }) => q.text)).toEqual(['Years of C++ experience']);
    expect((await search(acme.recruiter.auth, encodeURIComponent('(eur)'))).body.questions).toHaveLength(1);
    expect((await search(acme.recruiter.auth, '.*')).body.questions).toEqual([]);
    expect((await search(globex.recruiter.auth, 'salary')).body.questions.map((q: { text: string }) => q.text)).toEqual(['Salary at Globex']);
    expect((await request(app).post('/api/search/custom/questions/salary')).status).toBe(401);
  });

  it('an empty text answers the first page of active questions', async () => {
    const res = await search(acme.employee.auth, '');
    expect(res.status).toBe(200);
    expect(res.body.questions.map((q: { text: string }) => q.text)).toEqual(['Do you   hold a driving licence?', 'Salary expectation (EUR)?', 'Years of C++ experience']);
  });
});
