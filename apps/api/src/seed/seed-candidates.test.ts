import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import JSZip from 'jszip';
import type { Types } from 'mongoose';
import { startTestApp } from '../test/test-app';
import { tokenFor } from '../test/factories';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { Candidate } from '../modules/candidates/candidate.model';
import { CandidateActivity } from '../modules/candidates/candidate-activity.model';
import { Application } from '../modules/candidates/applications/application.model';
import { seedDemoData } from './seed';
import { DemoCandidateTarget, ResumeOnlyWords } from './seed-candidates';
import { binaryBody } from '../test/binary-body';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let acmeId: Types.ObjectId;

beforeAll(async () => {
  ctx = await startTestApp();
  await seedDemoData({ config: ctx.config, logger: ctx.logger });
  acmeId = (await Customer.findOne({ slug: 'acme' }).lean())!._id;
}, 180_000);
afterAll(() => ctx.stop());

const customerId = () => acmeId;
const authOf = async (email: string) => `Bearer ${await tokenFor(ctx.config, (await User.findOne({ customerId: customerId(), email }).lean())!)}`;
const download = (auth: string, fileId: string) =>
  request(ctx.app)
    .get(`/api/files/${fileId}`)
    .set('Authorization', auth)
    .buffer(true)
    .parse(binaryBody);

describe('the demo candidate database', () => {
  it('gives Acme about 2,000 varied candidates', async () => {
    const all = await Candidate.find({ customerId: customerId() }).lean();
    expect(all.length).toBeGreaterThanOrEqual(DemoCandidateTarget - 50);
    expect(all.length).toBeLessThanOrEqual(DemoCandidateTarget + 50);
    const emails = all.filter((c) => c.email).map((c) => c.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(new Set(all.map((c) => c.currentTitle)).size).toBeGreaterThan(30);
    expect(new Set(all.map((c) => c.location)).size).toBeGreaterThan(15);
    expect(new Set(all.flatMap((c) => c.skills)).size).toBeGreaterThan(60);
    expect(new Set(all.map((c) => c.source))).toEqual(new Set(['career_site', 'referral', 'agency', 'sourced', 'import']));
    expect(all.filter((c) => c.tags.length > 0).length).toBeGreaterThan(300);
    expect(new Set(all.map((c) => c.experienceYears)).size).toBeGreaterThan(15);
    // Each has a legal basis with its source: consent with its date, or (referrals, agency submissions) legitimate interest.
    expect(all.every((c) => (c.consentAt || c.legalBasis === 'legitimate_interest') && c.consentSource)).toBe(true);
    expect(all.filter((c) => c.nameKey).length).toBe(all.length);
    // Only the few who came in through the career site (seed-duplicates), Emma's referrals and the agency's
    // submissions (seed-referrals, seed-agencies) have no current company.
    expect(all.filter((c) => c.currentCompany).length).toBeGreaterThan(all.length - 25);
  });

  it('keeps each applicant’s jobs and timeline in line with their applications', async () => {
    const applications = await Application.find({ customerId: customerId() }).lean();
    const withApps = await Candidate.find({ customerId: customerId(), 'jobIds.0': { $exists: true } }).lean();
    expect(withApps.length).toBe(new Set(applications.map((a) => String(a.candidateId))).size);
    for (const c of withApps.slice(0, 50)) {
      const mine = applications.filter((a) => a.candidateId.equals(c._id));
      expect(c.jobIds.map(String).sort()).toEqual([...new Set(mine.map((a) => String(a.jobId)))].sort());
      expect(new Set(c.stageKinds)).toEqual(new Set(mine.map((a) => a.stageKind)));
    }
    expect(await CandidateActivity.countDocuments({ customerId: customerId(), kind: 'applied' })).toBe(applications.length);
    expect(await CandidateActivity.countDocuments({ customerId: customerId(), kind: 'created' })).toBe(await Candidate.countDocuments({ customerId: customerId() }));
  });

  it('gives most a PDF or DOCX résumé whose text is already there to search, and a few a word only their résumé has', async () => {
    const total = await Candidate.countDocuments({ customerId: customerId() });
    const withResume = await Candidate.countDocuments({ customerId: customerId(), resumeFileId: { $ne: null }, resumeTextState: 'extracted', resumeText: { $gt: '' } });
    expect(withResume).toBeGreaterThan(total * 0.7);
    expect(await Candidate.countDocuments({ customerId: customerId(), resumeFilename: /\.docx$/ })).toBeGreaterThan(100);

    for (const word of Object.keys(ResumeOnlyWords)) {
      const found = await Candidate.find({ customerId: customerId(), resumeText: new RegExp(`\\b${word}\\b`, 'i') }).lean();
      expect(found.length).toBeGreaterThanOrEqual(2);
      const elsewhere = new RegExp(word, 'i');
      const leaks = await Candidate.countDocuments({
        customerId: customerId(),
        $or: [{ firstName: elsewhere }, { lastName: elsewhere }, { currentTitle: elsewhere }, { currentCompany: elsewhere }, { skills: elsewhere }, { tags: elsewhere }, { location: elsewhere }],
      });
      expect(leaks).toBe(0);
    }
  });

  it('serves a database candidate’s DOCX résumé to the recruiter, with the same text, and not to a hiring manager', async () => {
    const c = (await Candidate.findOne({ customerId: customerId(), resumeFilename: /\.docx$/, 'jobIds.0': { $exists: false } }).lean())!;
    const file = await download(await authOf('recruiter@acme.test'), c.resumeFileId!);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const xml = await (await JSZip.loadAsync(file.body as Buffer)).file('word/document.xml')!.async('string');
    const paragraphs = [...xml.matchAll(/<w:t xml:space="preserve">([^<]*)<\/w:t>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(paragraphs.join('\n')).toBe(c.resumeText);
    expect((await download(await authOf('hm@acme.test'), c.resumeFileId!)).status).toBe(404);
  });

  it('fills the screening question bank', async () => {
    const res = await request(ctx.app).post('/api/search/custom/questions/notice').set('Authorization', await authOf('employee@acme.test'));
    expect(res.body.questions).toEqual([expect.objectContaining({ type: 'single_choice', options: ['Immediately', '2 weeks', '1 month', '3 months or more'] })]);
  });
});
