import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import mongoose from 'mongoose';
import type { Express } from 'express';
import { Jimp, JimpMime } from 'jimp';
import { CompanyApi, CompanyLimits, CompanyMessages, DefaultBrandColor, DefaultCompanyPreferences, checkBrandColor } from '@hireflow/contracts/company';
import { startTestApp } from '../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../test/factories';
import { Customer } from '../org/customer.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
type Company = { id: string; admin: string; recruiter: string; careerSite: string; profileOnly: string };
let a: Company;
let b: Company;

async function buildCompany(): Promise<Company> {
  const customer = await buildCustomer();
  const auth = async (extra: Parameters<typeof buildUser>[0]) => `Bearer ${await tokenFor(ctx.config, await buildUser({ customerId: customer._id, ...extra }))}`;
  return {
    id: String(customer._id),
    admin: await auth({ admin: true }),
    recruiter: await auth({}),
    careerSite: await auth({ rights: ['careerSiteSettings'] }),
    profileOnly: await auth({ rights: ['companySettings'] }),
  };
}

const profile = {
  name: 'Acme Rockets',
  website: 'https://acme.example.test',
  address: { line1: '1 Launch Way', line2: '', city: 'Berlin', region: '', postalCode: '10115', country: 'de' },
  industry: 'Software',
  size: '51-200',
  about: 'We build rockets.\n\nAnd the software that flies them.',
};

/** A wide gradient PNG (well over the logo box) made in the test. */
async function widePng(width = 1600, height = 640) {
  const image = new Jimp({ width, height, color: 0xffffffff });
  image.scan(0, 0, width, height, (x, y, idx) => {
    image.bitmap.data[idx] = (x * 255) / width;
    image.bitmap.data[idx + 1] = (y * 255) / height;
    image.bitmap.data[idx + 2] = 120;
  });
  return image.getBuffer(JimpMime.png);
}

const uploadsCount = () => mongoose.connection.db!.collection('uploads.files').countDocuments();

beforeAll(async () => {
  ctx = await startTestApp({ PUBLIC_URL: 'https://jobs.example.test' });
  app = ctx.app;
  a = await buildCompany();
  b = await buildCompany();
});
afterAll(() => ctx.stop());

describe('GET/PUT /api/company/profile', () => {
  it('saves the profile and reads it back; the company name changes with it', async () => {
    const saved = await request(app).put(CompanyApi.profile).set('Authorization', a.admin).send(profile);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...profile, address: { ...profile.address, country: 'DE' }, logoUrl: null });
    const read = await request(app).get(CompanyApi.profile).set('Authorization', a.profileOnly);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(saved.body);
    expect((await Customer.findById(a.id).lean())!.name).toBe('Acme Rockets');
  });

  it('refuses bad input with the field and changes nothing', async () => {
    const bad = await request(app).put(CompanyApi.profile).set('Authorization', a.admin).send({ ...profile, name: 'Changed', website: 'ftp://acme' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^website: must be a web address/);
    const country = await request(app).put(CompanyApi.profile).set('Authorization', a.admin).send({ ...profile, address: { ...profile.address, country: 'Germany' } });
    expect(country.status).toBe(400);
    expect(country.body.message).toMatch(/address\.country/);
    const tooLong = await request(app).put(CompanyApi.profile).set('Authorization', a.admin).send({ ...profile, about: 'x'.repeat(CompanyLimits.aboutMax + 1) });
    expect(tooLong.status).toBe(400);
    const industry = await request(app).put(CompanyApi.profile).set('Authorization', a.admin).send({ ...profile, industry: 'Piracy' });
    expect(industry.body.message).toBe('industry: is not one of the listed industries');
    expect((await request(app).get(CompanyApi.profile).set('Authorization', a.admin)).body.name).toBe('Acme Rockets');
  });

  it('needs the companySettings right', async () => {
    expect((await request(app).get(CompanyApi.profile).set('Authorization', a.recruiter)).status).toBe(403);
    expect((await request(app).put(CompanyApi.profile).set('Authorization', a.careerSite).send(profile)).status).toBe(403);
    expect((await request(app).get(CompanyApi.profile)).status).toBe(401);
  });
});

describe('POST/DELETE /api/company/logo and the public logo', () => {
  it('resizes a large PNG into the logo box, stores it as PNG and serves it publicly with caching headers', async () => {
    const big = await widePng();
    const saved = await request(app).post(CompanyApi.logo).set('Authorization', a.admin).attach('logo', big, { filename: 'logo.png', contentType: 'image/png' });
    expect(saved.status).toBe(200);
    expect(saved.body.logoUrl).toMatch(new RegExp(`^/api/public/company-logo/${a.id}\\?v=`));
    expect(saved.body.name).toBe('Acme Rockets');

    const served = await request(app).get(saved.body.logoUrl).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const stored = await Jimp.fromBuffer(served.body as Buffer);
    expect(stored.width).toBe(CompanyLimits.logoBox.width);
    expect(stored.height).toBe(160); // 1600x640 keeps its 2.5:1 aspect: 400x160
    expect(stored.width).toBeLessThanOrEqual(CompanyLimits.logoBox.width);

    const again = await request(app).get(saved.body.logoUrl).set('If-None-Match', served.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('keeps a small JPEG at its size, as PNG, and deletes the logo it replaces', async () => {
    const before = await uploadsCount();
    const jpeg = await new Jimp({ width: 120, height: 60, color: 0x336699ff }).getBuffer(JimpMime.jpeg);
    const saved = await request(app).post(CompanyApi.logo).set('Authorization', a.careerSite).attach('file', jpeg, { filename: 'logo.jpg', contentType: 'image/jpeg' });
    expect(saved.status).toBe(200);
    expect(await uploadsCount()).toBe(before);
    const served = await request(app).get(saved.body.logoUrl).buffer(true);
    expect(served.headers['content-type']).toBe('image/png');
    const stored = await Jimp.fromBuffer(served.body as Buffer);
    expect([stored.width, stored.height]).toEqual([120, 60]);
  });

  it('refuses a wrong type, an oversized file and a broken image with their messages, keeping the logo', async () => {
    const current = (await request(app).get(CompanyApi.profile).set('Authorization', a.admin)).body.logoUrl;
    const gif = await request(app).post(CompanyApi.logo).set('Authorization', a.admin).attach('logo', Buffer.from('GIF89a\x01\x00\x01\x00'), { filename: 'logo.gif', contentType: 'image/gif' });
    expect(gif.status).toBe(400);
    expect(gif.body.message).toBe(CompanyMessages.logoType);
    const huge = Buffer.concat([await widePng(40, 40), Buffer.alloc(CompanyLimits.logoMaxBytes + 1)]);
    const tooLarge = await request(app).post(CompanyApi.logo).set('Authorization', a.admin).attach('logo', huge, { filename: 'logo.png', contentType: 'image/png' });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toBe(CompanyMessages.logoTooLarge);
    const fake = await request(app).post(CompanyApi.logo).set('Authorization', a.admin).attach('logo', Buffer.from('not really a png'), { filename: 'logo.png', contentType: 'image/png' });
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe(CompanyMessages.logoUnreadable);
    const truncated = (await widePng(300, 100)).subarray(0, 60);
    const broken = await request(app).post(CompanyApi.logo).set('Authorization', a.admin).attach('logo', truncated, { filename: 'logo.png', contentType: 'image/png' });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe(CompanyMessages.logoUnreadable);
    const none = await request(app).post(CompanyApi.logo).set('Authorization', a.admin).send({});
    expect(none.status).toBe(400);
    expect((await request(app).get(CompanyApi.profile).set('Authorization', a.admin)).body.logoUrl).toBe(current);
  });

  it('needs the companySettings or careerSiteSettings right to change the logo', async () => {
    const png = await widePng(40, 40);
    expect((await request(app).post(CompanyApi.logo).set('Authorization', a.recruiter).attach('logo', png, { filename: 'l.png', contentType: 'image/png' })).status).toBe(403);
    expect((await request(app).delete(CompanyApi.logo).set('Authorization', a.recruiter)).status).toBe(403);
  });

  it('removes the logo: its file is gone and the public logo answers 404', async () => {
    const before = await uploadsCount();
    const url = (await request(app).get(CompanyApi.profile).set('Authorization', a.admin)).body.logoUrl;
    const removed = await request(app).delete(CompanyApi.logo).set('Authorization', a.profileOnly);
    expect(removed.status).toBe(200);
    expect(removed.body.logoUrl).toBeNull();
    expect(await uploadsCount()).toBe(before - 1);
    expect((await request(app).get(url)).status).toBe(404);
    expect((await request(app).get('/api/public/company-logo/not-an-id')).status).toBe(404);
  });
});

describe('GET/PUT /api/company/look-feel', () => {
  it('shows the default colour until one is chosen', async () => {
    const read = await request(app).get(CompanyApi.lookFeel).set('Authorization', b.careerSite);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ primaryColor: DefaultBrandColor, isDefault: true, logoUrl: null });
  });

  it('refuses a colour white text would be unreadable on, with the reason, and keeps the old one', async () => {
    const light = '#f5d76e';
    const check = checkBrandColor(light);
    expect(check.ok).toBe(false);
    const refused = await request(app).put(CompanyApi.lookFeel).set('Authorization', a.careerSite).send({ primaryColor: light });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(`primaryColor: ${(check as { reason: string }).reason}`);
    expect(refused.body.message).toContain('contrast');
    const notAColour = await request(app).put(CompanyApi.lookFeel).set('Authorization', a.careerSite).send({ primaryColor: 'red' });
    expect(notAColour.status).toBe(400);
    expect((await Customer.findById(a.id).lean())!.branding?.primaryColor ?? null).toBeNull();
  });

  it('accepts a readable colour', async () => {
    const saved = await request(app).put(CompanyApi.lookFeel).set('Authorization', a.careerSite).send({ primaryColor: '#1A4D8F' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ primaryColor: '#1a4d8f', isDefault: false });
    expect((await request(app).get(CompanyApi.lookFeel).set('Authorization', a.admin)).body.primaryColor).toBe('#1a4d8f');
  });

  it('needs the careerSiteSettings right', async () => {
    expect((await request(app).get(CompanyApi.lookFeel).set('Authorization', a.profileOnly)).status).toBe(403);
    expect((await request(app).put(CompanyApi.lookFeel).set('Authorization', a.recruiter).send({ primaryColor: '#1a4d8f' })).status).toBe(403);
  });
});

describe('GET/PUT /api/company/preferences', () => {
  const prefs = { timeZone: 'Europe/Berlin', dateFormat: 'YYYY-MM-DD', weekStart: 0, retention: { rejectedMonths: 12, sourcedDays: 180, withdrawnMonths: null } };

  it('starts with the defaults and saves time zone, date format, week start and retention', async () => {
    expect((await request(app).get(CompanyApi.preferences).set('Authorization', a.admin)).body).toEqual(DefaultCompanyPreferences);
    const saved = await request(app).put(CompanyApi.preferences).set('Authorization', a.admin).send(prefs);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(prefs);
    expect((await request(app).get(CompanyApi.preferences).set('Authorization', a.admin)).body).toEqual(prefs);
  });

  it('refuses an unknown time zone and retention out of range, changing nothing', async () => {
    const zone = await request(app).put(CompanyApi.preferences).set('Authorization', a.admin).send({ ...prefs, timeZone: 'Mars/Olympus_Mons' });
    expect(zone.status).toBe(400);
    expect(zone.body.message).toBe('timeZone: is not a known time zone');
    const retention = await request(app).put(CompanyApi.preferences).set('Authorization', a.admin).send({ ...prefs, timeZone: 'UTC', retention: { ...prefs.retention, sourcedDays: 3 } });
    expect(retention.status).toBe(400);
    expect(retention.body.message).toBe('retention.sourcedDays: must be at least 7');
    const months = await request(app).put(CompanyApi.preferences).set('Authorization', a.admin).send({ ...prefs, retention: { ...prefs.retention, rejectedMonths: 121 } });
    expect(months.body.message).toBe('retention.rejectedMonths: must be at most 120');
    const week = await request(app).put(CompanyApi.preferences).set('Authorization', a.admin).send({ ...prefs, weekStart: 3 });
    expect(week.status).toBe(400);
    expect((await request(app).get(CompanyApi.preferences).set('Authorization', a.admin)).body).toEqual(prefs);
  });

  it('needs the advanceSettings right', async () => {
    expect((await request(app).get(CompanyApi.preferences).set('Authorization', a.profileOnly)).status).toBe(403);
    expect((await request(app).put(CompanyApi.preferences).set('Authorization', a.careerSite).send(prefs)).status).toBe(403);
  });
});

describe('tenant isolation', () => {
  it("company B reads and changes only its own settings, never A's", async () => {
    const bProfile = await request(app).get(CompanyApi.profile).set('Authorization', b.admin);
    expect(bProfile.body.name).not.toBe('Acme Rockets');
    await request(app).put(CompanyApi.profile).set('Authorization', b.admin).send({ ...profile, name: 'Globex' });
    await request(app).put(CompanyApi.lookFeel).set('Authorization', b.admin).send({ primaryColor: '#5a1e6b' });
    await request(app).put(CompanyApi.preferences).set('Authorization', b.admin).send({ ...DefaultCompanyPreferences, timeZone: 'Asia/Tokyo' });
    const png = await widePng(50, 50);
    await request(app).post(CompanyApi.logo).set('Authorization', b.admin).attach('logo', png, { filename: 'l.png', contentType: 'image/png' });
    await request(app).delete(CompanyApi.logo).set('Authorization', b.admin);
    const aCustomer = (await Customer.findById(a.id).lean())!;
    expect(aCustomer.name).toBe('Acme Rockets');
    expect(aCustomer.branding?.primaryColor).toBe('#1a4d8f');
    expect(aCustomer.preferences?.timeZone).toBe('Europe/Berlin');
    expect((await request(app).get(CompanyApi.profile).set('Authorization', b.admin)).body.name).toBe('Globex');
  });
});
