import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { ScreeningQuestionMessages } from '@hireflow/contracts/candidates-questions';
import { startTestApp, TestCaptchaText } from '../../test/test-app';
import { Application } from '../candidates/applications/application.model';
import { buildJobsCompany, openJobThroughApproval, type JobsCompany } from '../jobs/jobs.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let acme: JobsCompany;
let jobId: string;

// The bank's questions as the apply-form editor adds them: their text, type and options copied in.
const applyForm = {
  phone: 'hidden',
  resume: 'hidden',
  questions: [
    { id: 'why', label: 'Why us?', required: false },
    { id: 'eu', label: 'Do you have the right to work in the EU?', required: true, type: 'yes_no' },
    { id: 'years', label: 'Years of experience', required: false, type: 'number' },
    { id: 'notice', label: 'Notice period', required: true, type: 'single_choice', options: ['Immediately', '1 month'] },
    { id: 'link', label: 'Portfolio', required: false, type: 'short_text' },
  ],
};

async function apply(fields: Record<string, string>) {
  const page = await request(app).get(`/careers/${acme.customer.slug}/${jobId}`);
  const captchaId = /name="captchaId" value="([^"]+)"/.exec(page.text)![1]!;
  let req = request(app).post(`/careers/${acme.customer.slug}/${jobId}/apply`);
  const all = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', consent: 'yes', captchaId, captchaText: TestCaptchaText, ...fields };
  for (const [k, v] of Object.entries(all)) req = req.field(k, v);
  return req;
}

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  acme = await buildJobsCompany(ctx.config);
  jobId = (await openJobThroughApproval(app, acme, { title: 'Backend Engineer', jobCodeId: null })).jobId;
  await request(app).put('/api/career-site/jobs').set('Authorization', acme.admin.auth).send({ published: [jobId], unpublished: [] });
});
afterAll(() => ctx.stop());

describe('apply-form questions from the question bank', () => {
  it('saves typed questions with their options and keeps untyped ones as they were', async () => {
    const saved = await request(app).put('/api/page-customization/apply-form').set('Authorization', acme.admin.auth).send({ applyForm });
    expect(saved.status).toBe(200);
    expect(saved.body.applyForm).toEqual(applyForm);
    const bad = await request(app)
      .put('/api/page-customization/apply-form')
      .set('Authorization', acme.admin.auth)
      .send({ applyForm: { ...applyForm, questions: [{ id: 'x', label: 'Pick', type: 'single_choice', options: ['Only'] }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(ScreeningQuestionMessages.needsOptions);
  });

  it('shows each as its type asks on the public page', async () => {
    const page = await request(app).get(`/careers/${acme.customer.slug}/${jobId}`);
    expect(page.text).toContain('<textarea id="q-why" name="q_why" rows="3">');
    expect(page.text).toContain('<legend>Do you have the right to work in the EU? *</legend>');
    expect(page.text).toContain('name="q_eu" value="Yes" required>');
    expect(page.text).toContain('<input id="q-years" name="q_years" type="number"');
    expect(page.text).toContain('name="q_notice" value="1 month">');
    expect(page.text).toContain('<input id="q-link" name="q_link" type="text"');
  });

  it('refuses an answer its type does not allow, and stores the ones that fit', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ q_eu: 'Maybe', q_notice: '1 month' }, 'Please answer &quot;Do you have the right to work in the EU?&quot; with yes or no'],
      [{ q_eu: 'Yes', q_notice: '1 month', q_years: 'ten' }, 'The answer to &quot;Years of experience&quot; must be a number'],
      [{ q_eu: 'Yes', q_notice: 'Next year' }, 'Please pick one of the options for &quot;Notice period&quot;'],
      [{ q_eu: 'Yes' }, '&quot;Notice period&quot; needs an answer'],
    ];
    for (const [fields, message] of cases) {
      const res = await apply(fields);
      expect(res.status).toBe(400);
      expect(res.text).toContain(message);
    }
    expect(await Application.countDocuments({ customerId: acme.customerId })).toBe(0);
    const ok = await apply({ q_eu: 'Yes', q_years: '7.5', q_notice: 'Immediately' });
    expect(ok.status).toBe(201);
    const application = (await Application.findOne({ customerId: acme.customerId }).lean())!;
    expect(application.answers.map((a) => [a.questionId, a.answer])).toEqual([
      ['why', ''],
      ['eu', 'Yes'],
      ['years', '7.5'],
      ['notice', 'Immediately'],
      ['link', ''],
    ]);
  });
});
