import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Jimp, JimpMime } from 'jimp';
import { CompanyApi, DefaultBrandColor } from '@hireflow/contracts/company';
import { startTestApp, TestCaptchaText } from '../../test/test-app';
import { OutboxMail } from '../mail/outbox.model';
import { buildJobsCompany, openJobThroughApproval, type JobsCompany } from '../jobs/jobs.test-support';

// The brand as candidates see it: the career site and a candidate mail carry the logo, colour and address.

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let acme: JobsCompany;
let plain: JobsCompany;
let jobId: string;
let logoUrl: string;
const brandColor = '#7a1f5c';
const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 32), Buffer.from('\n%%EOF')]);

beforeAll(async () => {
  ctx = await startTestApp({ PUBLIC_URL: 'https://jobs.example.test' });
  app = ctx.app;
  acme = await buildJobsCompany(ctx.config);
  plain = await buildJobsCompany(ctx.config);
  jobId = (await openJobThroughApproval(app, acme, { title: 'Rocket Engineer', jobCodeId: null })).jobId;
  expect((await request(app).put('/api/career-site/jobs').set('Authorization', acme.admin.auth).send({ published: [jobId], unpublished: [] })).status).toBe(200);
  const profile = await request(app).put(CompanyApi.profile).set('Authorization', acme.admin.auth).send({
    name: 'Acme Rockets',
    website: 'https://acme.example.test',
    address: { line1: '1 Launch Way', city: 'Berlin', postalCode: '10115', country: 'DE' },
    about: 'We build rockets that land.',
  });
  expect(profile.status).toBe(200);
  expect((await request(app).put(CompanyApi.lookFeel).set('Authorization', acme.admin.auth).send({ primaryColor: brandColor })).status).toBe(200);
  const png = await new Jimp({ width: 200, height: 80, color: 0x7a1f5cff }).getBuffer(JimpMime.png);
  const logo = await request(app).post(CompanyApi.logo).set('Authorization', acme.admin.auth).attach('logo', png, { filename: 'logo.png', contentType: 'image/png' });
  expect(logo.status).toBe(200);
  logoUrl = logo.body.logoUrl;
});
afterAll(() => ctx.stop());

describe('the career site in the brand', () => {
  it("shows the logo, the brand colour, the about text, the website and the address", async () => {
    const page = await request(app).get(`/careers/${acme.customer.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<img class="logo" src="${logoUrl}" alt="Acme Rockets logo">`);
    expect(page.text).toContain(`button{background:${brandColor}`);
    expect(page.text).toContain(`a{color:${brandColor}}`);
    expect(page.text).toContain('We build rockets that land.');
    expect(page.text).toContain('href="https://acme.example.test"');
    expect(page.text).toContain('1 Launch Way, 10115 Berlin, DE');
    const logo = await request(app).get(logoUrl);
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
  });

  it('the job page carries the brand too', async () => {
    const page = await request(app).get(`/careers/${acme.customer.slug}/${jobId}`);
    expect(page.text).toContain(logoUrl);
    expect(page.text).toContain(`button{background:${brandColor}`);
  });

  it('a company without a logo or colour gets its name and the default colour', async () => {
    const page = await request(app).get(`/careers/${plain.customer.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('class="logo"');
    expect(page.text).toContain(`button{background:${DefaultBrandColor}`);
    expect(page.text).toContain(`${plain.customer.name} careers`);
  });
});

describe('candidate mails in the brand', () => {
  it("the application confirmation carries the logo, the colour and the company's name and address", async () => {
    const form = await request(app).get(`/careers/${acme.customer.slug}/${jobId}`);
    const captchaId = /name="captchaId" value="([^"]+)"/.exec(form.text)![1]!;
    let post = request(app).post(`/careers/${acme.customer.slug}/${jobId}/apply`);
    const fields = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.brand@example.test', phone: '+44 20 7946 0000', consent: 'yes', captchaId, captchaText: TestCaptchaText };
    for (const [k, v] of Object.entries(fields)) post = post.field(k, v);
    const applied = await post.attach('resume', pdf, { filename: 'cv.pdf', contentType: 'application/pdf' });
    expect(applied.status).toBe(201);
    const mail = await OutboxMail.findOne({ to: 'ada.brand@example.test', kind: 'application-received' }).lean();
    expect(mail).not.toBeNull();
    expect(mail!.html).toContain(`<img src="https://jobs.example.test${logoUrl}" alt="Acme Rockets"`);
    expect(mail!.html).toContain(`border-bottom:4px solid ${brandColor}`);
    expect(mail!.html).toContain('Acme Rockets<br>1 Launch Way<br>10115 Berlin<br>DE');
    expect(mail!.text).toContain('--\nAcme Rockets\n1 Launch Way\n10115 Berlin\nDE');
    expect(mail!.html).toContain('Thank you for applying for “Rocket Engineer”');
  });
});
