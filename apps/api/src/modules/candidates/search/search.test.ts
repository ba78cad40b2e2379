import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import type { Types } from 'mongoose';
import { startTestApp } from '../../../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../../../test/factories';
import { Candidate } from '../candidate.model';
import { CandidatePin } from '../pins/candidate-pin.model';
import { buildCandidate, buildJob } from './search.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
const auth: Record<'recruiter' | 'admin' | 'hm' | 'employee' | 'otherCompany' | 'pagingCompany', string> = {} as never;
const ids: Record<string, string> = {};
const jobs: Record<'j1' | 'j2', string> = {} as never;
const daysAgo = (d: number) => new Date(Date.now() - d * 24 * 3600_000);

const search = (who: keyof typeof auth, query = '') => request(app).get(`/api/candidates${query ? `?${query}` : ''}`).set('Authorization', auth[who]);
const names = (res: request.Response) => (res.body.items as { firstName: string }[]).map((c) => c.firstName);
const facet = (res: request.Response, name: string) => Object.fromEntries((res.body.facets[name] as { value: string; count: number }[]).map((f) => [f.value, f.count]));

beforeAll(async () => {
  ctx = await startTestApp();
  app = ctx.app;
  const [acme, globex, initech] = await Promise.all([buildCustomer(), buildCustomer(), buildCustomer()]);
  const [recruiter, admin, hm, employee, globexRecruiter, initechRecruiter] = await Promise.all([
    buildUser({ customerId: acme._id, role: 'recruiter' }),
    buildUser({ customerId: acme._id, role: 'recruiter', admin: true }),
    buildUser({ customerId: acme._id, role: 'employee', addlRoles: ['HM'] }),
    buildUser({ customerId: acme._id, role: 'employee' }),
    buildUser({ customerId: globex._id, role: 'recruiter' }),
    buildUser({ customerId: initech._id, role: 'recruiter' }),
  ]);
  const token = (u: { _id: Types.ObjectId; customerId?: Types.ObjectId | null }) => tokenFor(ctx.config, u).then((t) => `Bearer ${t}`);
  auth.recruiter = await token(recruiter);
  auth.admin = await token(admin);
  auth.hm = await token(hm);
  auth.employee = await token(employee);
  auth.otherCompany = await token(globexRecruiter);
  auth.pagingCompany = await token(initechRecruiter);

  const j1 = await buildJob(acme._id, 'Product Designer', [hm._id, recruiter._id]);
  const j2 = await buildJob(acme._id, 'Systems Engineer', [recruiter._id]);
  jobs.j1 = String(j1._id);
  jobs.j2 = String(j2._id);

  const longResume =
    'Summary. Ten years of systems programming in C at a payments company, building ledgers and settlement pipelines. ' +
    'Lately most of the new services were written in Rust, with careful attention to memory safety and latency. ' +
    'Before that, embedded firmware for industrial sensors, test rigs and build tooling. Enjoys mentoring and code review.';
  const people = [
    { key: 'maria', firstName: 'Maria', lastName: 'Rust', currentTitle: 'Designer', skills: ['Figma'], tags: ['design'], source: 'referral', location: 'Berlin', experienceYears: 3, consentAt: daysAgo(100), lastActivityAt: daysAgo(2), jobIds: [j1._id, j2._id], stageKinds: ['interview'] },
    { key: 'otto', firstName: 'Otto', lastName: 'Brandt', currentTitle: 'Staff Developer', skills: ['C'], source: 'career_site', location: 'Munich', experienceYears: 12, resumeText: longResume, lastActivityAt: daysAgo(40), jobIds: [j2._id], stageKinds: ['screening'] },
    { key: 'lena', firstName: 'Lena', lastName: 'Vogel', currentTitle: 'Backend Engineer', skills: ['Go', 'Kubernetes'], tags: ['senior'], source: 'sourced', location: 'Berlin', notesText: 'Strong kubernetes operator; call back in spring.', phone: '+49 170 1234567', lastActivityAt: daysAgo(400) },
    { key: 'jonas', firstName: 'Jonas', lastName: 'Weber', currentTitle: 'Frontend Engineer', skills: ['React', 'Go'], tags: ['senior', 'remote'], source: 'import', location: 'Hamburg', experienceYears: 6, consentAt: daysAgo(5), lastActivityAt: daysAgo(10), jobIds: [j1._id], stageKinds: ['offer'] },
  ];
  for (const [i, { key, ...fields }] of people.entries()) {
    const c = await buildCandidate(acme._id, fields);
    await Candidate.collection.updateOne({ _id: c._id }, { $set: { createdAt: daysAgo(50 - i) } });
    ids[key] = String(c._id);
  }
  // Merged away into Jonas: never listed, whatever it matches.
  await buildCandidate(acme._id, { firstName: 'Rusty', lastName: 'Rust', mergedIntoId: ids.jonas, jobIds: [j1._id] });
  await buildCandidate(globex._id, { firstName: 'Globex', lastName: 'Rust', skills: ['Go'], location: 'Berlin' });
  await Candidate.insertMany(Array.from({ length: 30 }, (_, i) => ({ customerId: initech._id, firstName: `Bulk${i}`, email: `bulk${i}@initech.test`, source: 'import' })));
  await CandidatePin.create({ customerId: acme._id, userId: recruiter._id, candidateId: ids.maria, at: new Date() });
});
afterAll(() => ctx.stop());

describe('GET /api/candidates', () => {
  it('asks for sign-in', async () => {
    expect((await request(app).get('/api/candidates')).status).toBe(401);
  });

  it('lists the whole database newest first when nothing is searched, without merged-away candidates', async () => {
    const res = await search('recruiter');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, page: 1, pageSize: 25, sort: 'newest', facetsApproximate: false });
    expect(names(res)).toEqual(['Jonas', 'Lena', 'Otto', 'Maria']);
    expect(res.body.items[0]).toMatchObject({ id: ids.jonas, lastName: 'Weber', skills: ['React', 'Go'], source: 'import', pinned: false, highlights: [] });
  });

  it('ranks a word in the name above the same word only in the résumé, and highlights where it matched', async () => {
    const res = await search('recruiter', 'q=rust');
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Maria', 'Otto']);
    expect(res.body.sort).toBe('relevance');
    const [maria, otto] = res.body.items;
    expect(maria.highlights[0]).toEqual({ field: 'name', text: 'Maria Rust', ranges: [[6, 10]] });
    const resume = otto.highlights.find((h: { field: string }) => h.field === 'resume');
    expect(resume.text.length).toBeLessThan(200);
    const [[start, end]] = resume.ranges;
    expect(resume.text.slice(start, end)).toBe('Rust');
    expect(resume.text).toMatch(/^… /);
  });

  it('trims the words and matches other forms of them (engineers finds Engineer), in title and notes', async () => {
    const res = await search('recruiter', `q=${encodeURIComponent('  engineers  ')}`);
    expect(names(res).sort()).toEqual(['Jonas', 'Lena']);
    const lena = res.body.items.find((c: { firstName: string }) => c.firstName === 'Lena');
    expect(lena.highlights[0]).toEqual({ field: 'currentTitle', text: 'Backend Engineer', ranges: [[8, 16]] });

    const notes = await search('recruiter', 'q=operator');
    expect(names(notes)).toEqual(['Lena']);
    expect(notes.body.items[0].highlights[0]).toMatchObject({ field: 'notes', text: 'Strong kubernetes operator; call back in spring.', ranges: [[18, 26]] });
  });

  it('finds a candidate by phone number however it is written', async () => {
    for (const q of ['+49 170 1234567', '0170-1234567', '(0170) 123 4567']) {
      const res = await search('recruiter', `q=${encodeURIComponent(q)}`);
      expect(names(res)).toEqual(['Lena']);
      expect(res.body.items[0].highlights).toEqual([{ field: 'phone', text: '+49 170 1234567', ranges: [[0, 15]] }]);
    }
    expect((await search('recruiter', 'q=0170-7654321')).body.total).toBe(0);
  });

  it.each([
    ['skills=Go&skills=Kubernetes', ['Lena']],
    ['skills=Go,React', ['Jonas']],
    ['tags=senior', ['Jonas', 'Lena']],
    ['source=referral,import', ['Jonas', 'Maria']],
    ['location=Berlin', ['Lena', 'Maria']],
    ['location=Berlin&location=Hamburg', ['Jonas', 'Lena', 'Maria']],
    ['jobId=J1', ['Jonas', 'Maria']],
    ['stageKind=screening', ['Otto']],
    ['experienceMin=5', ['Jonas', 'Otto']],
    ['experienceMin=2&experienceMax=4', ['Maria']],
    ['lastActivity=week', ['Maria']],
    ['lastActivity=month,quarter', ['Jonas', 'Otto']],
    ['lastActivity=older', ['Lena']],
    ['consent=yes', ['Jonas', 'Maria']],
    ['consent=no', ['Lena', 'Otto']],
    ['q=engineer&location=Hamburg', ['Jonas']],
  ])('filters by %s', async (query, expected) => {
    const res = await search('recruiter', query.replace('J1', jobs.j1));
    expect(res.status).toBe(200);
    expect(names(res).sort()).toEqual(expected);
    expect(res.body.total).toBe(expected.length);
  });

  it('counts every facet over the matches, most frequent first', async () => {
    const res = await search('recruiter');
    expect(res.body.facets.skills[0]).toEqual({ value: 'Go', label: 'Go', count: 2 });
    expect(facet(res, 'skills')).toEqual({ Go: 2, C: 1, Figma: 1, Kubernetes: 1, React: 1 });
    expect(facet(res, 'tags')).toEqual({ senior: 2, design: 1, remote: 1 });
    expect(facet(res, 'location')).toEqual({ Berlin: 2, Hamburg: 1, Munich: 1 });
    expect(res.body.facets.source).toContainEqual({ value: 'career_site', label: 'Career site', count: 1 });
    expect(res.body.facets.experience).toEqual([
      { value: '2-4', label: '2 to 4 years', count: 1 },
      { value: '5-9', label: '5 to 9 years', count: 1 },
      { value: '10-19', label: '10 to 19 years', count: 1 },
      { value: 'unknown', label: 'Not given', count: 1 },
    ]);
    expect(facet(res, 'stageKind')).toEqual({ interview: 1, screening: 1, offer: 1 });
    expect(res.body.facets.jobId).toEqual(
      expect.arrayContaining([{ value: jobs.j1, label: 'Product Designer', count: 2 }, { value: jobs.j2, label: 'Systems Engineer', count: 2 }]),
    );
    expect(facet(res, 'lastActivity')).toEqual({ week: 1, month: 1, quarter: 1, older: 1 });
    expect(facet(res, 'consent')).toEqual({ yes: 2, no: 2 });

    const narrowed = await search('recruiter', 'location=Berlin');
    expect(facet(narrowed, 'skills')).toEqual({ Go: 1, Kubernetes: 1, Figma: 1 });
    expect(facet(narrowed, 'location')).toEqual({ Berlin: 2 });
  });

  it('sorts by last activity or newest, also when searching', async () => {
    expect(names(await search('recruiter', 'sort=last_activity'))).toEqual(['Maria', 'Jonas', 'Otto', 'Lena']);
    const byNewest = await search('recruiter', 'q=rust&sort=newest');
    expect(names(byNewest)).toEqual(['Otto', 'Maria']);
    expect(byNewest.body.sort).toBe('newest');
    // Relevance without words has nothing to rank: the newest come first.
    const noWords = await search('recruiter', 'sort=relevance');
    expect(noWords.body.sort).toBe('newest');
    expect(names(noWords)).toEqual(['Jonas', 'Lena', 'Otto', 'Maria']);
  });

  it('pages in the database and refuses pages deeper than the limit', async () => {
    const first = await search('pagingCompany');
    expect(first.body).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    expect(first.body.items).toHaveLength(25);
    const second = await search('pagingCompany', 'page=2');
    expect(second.body.items).toHaveLength(5);
    const seen = new Set([...first.body.items, ...second.body.items].map((c: { id: string }) => c.id));
    expect(seen.size).toBe(30);
    expect((await search('pagingCompany', 'page=3')).body.items).toEqual([]);

    const tooDeep = await search('pagingCompany', 'page=401');
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.message).toBe('page: the deepest page is 400; narrow the search to see further');
  });

  it('shows each caller whether they pinned the row', async () => {
    const mine = await search('recruiter', 'q=maria');
    expect(mine.body.items[0]).toMatchObject({ id: ids.maria, pinned: true });
    const admins = await search('admin', 'q=maria');
    expect(admins.body.items[0]).toMatchObject({ id: ids.maria, pinned: false });
  });

  it.each([
    ['source=martian', 'source.0: must be one of career_site, referral, agency, sourced, import'],
    ['jobId=nope', 'jobId.0: must be a valid id'],
    ['experienceMin=-1', 'experienceMin: must not be negative'],
    ['experienceMin=9&experienceMax=3', 'experienceMax: must not be below experienceMin'],
    ['sort=random', 'sort: must be one of relevance, newest, last_activity'],
    ['page=0', 'page: must be at least 1'],
    ['consent=maybe', 'consent: must be yes or no'],
    [`q=${'x'.repeat(201)}`, 'q: is too long (at most 200 characters)'],
  ])('answers 400 to %s', async (query, message) => {
    const res = await search('recruiter', query);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('takes the search words as one text only', async () => {
    const res = await search('recruiter', 'q=rust&q=go');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('q: must be text');
  });
});

describe('GET /api/candidates: who sees what', () => {
  it('shows recruiters and admins the whole company', async () => {
    expect((await search('recruiter')).body.total).toBe(4);
    expect((await search('admin')).body.total).toBe(4);
  });

  it("shows a hiring manager only their jobs' candidates, and facets of their jobs only", async () => {
    const res = await search('hm');
    expect(names(res).sort()).toEqual(['Jonas', 'Maria']);
    expect(res.body.facets.jobId).toEqual([{ value: jobs.j1, label: 'Product Designer', count: 2 }]);
    expect((await search('hm', 'q=rust')).body.items.map((c: { id: string }) => c.id)).toEqual([ids.maria]);
    // Asking for a job they are not on shows nobody, not the job's candidates.
    expect((await search('hm', `jobId=${jobs.j2}`)).body.total).toBe(0);
  });

  it('shows a plain employee nobody', async () => {
    const res = await search('employee', 'q=rust');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ items: [], total: 0 });
  });

  it("never shows another company's candidates", async () => {
    const globex = await search('otherCompany', 'q=rust');
    expect(names(globex)).toEqual(['Globex']);
    expect(facet(globex, 'location')).toEqual({ Berlin: 1 });
    expect((await search('recruiter', 'q=globex')).body.total).toBe(0);
  });
});

describe('/api/candidates/saved-searches', () => {
  const body = { name: 'Berlin Go', query: { q: 'go', location: ['Berlin'], sort: 'newest' } };

  it('keeps searches per user, replaces one saved again under its name, and deletes them', async () => {
    const created = await request(app).post('/api/candidates/saved-searches').set('Authorization', auth.recruiter).send(body);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Berlin Go', query: { q: 'go', location: ['Berlin'], sort: 'newest', skills: [] } });

    const again = await request(app).post('/api/candidates/saved-searches').set('Authorization', auth.recruiter).send({ ...body, query: { q: 'kubernetes' } });
    expect(again.body.id).toBe(created.body.id);
    const list = await request(app).get('/api/candidates/saved-searches').set('Authorization', auth.recruiter);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ id: created.body.id, name: 'Berlin Go', query: { q: 'kubernetes', location: [] } });

    // Another user, even an admin of the same company, neither sees nor deletes it.
    expect((await request(app).get('/api/candidates/saved-searches').set('Authorization', auth.admin)).body.items).toEqual([]);
    expect((await request(app).delete(`/api/candidates/saved-searches/${created.body.id}`).set('Authorization', auth.admin)).status).toBe(404);
    expect((await request(app).delete(`/api/candidates/saved-searches/${created.body.id}`).set('Authorization', auth.otherCompany)).status).toBe(404);

    expect((await request(app).delete(`/api/candidates/saved-searches/${created.body.id}`).set('Authorization', auth.recruiter)).status).toBe(204);
    expect((await request(app).get('/api/candidates/saved-searches').set('Authorization', auth.recruiter)).body.items).toEqual([]);
  });

  it('answers 400 to a nameless search or a bad filter', async () => {
    const nameless = await request(app).post('/api/candidates/saved-searches').set('Authorization', auth.recruiter).send({ name: '  ', query: {} });
    expect(nameless.status).toBe(400);
    expect(nameless.body.message).toBe('name: is required');
    const bad = await request(app).post('/api/candidates/saved-searches').set('Authorization', auth.recruiter).send({ name: 'X', query: { source: ['martian'] } });
    expect(bad.status).toBe(400);
  });
});
