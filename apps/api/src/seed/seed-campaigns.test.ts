import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test/test-app';
import { buildCustomer, buildUser } from '../test/factories';
import { Customer } from '../modules/org/customer.model';
import { Candidate } from '../modules/candidates/candidate.model';
import { CandidateActivity } from '../modules/candidates/candidate-activity.model';
import { MailTemplate } from '../modules/mail/mail-template.model';
import { Campaign } from '../modules/candidates/campaigns/campaign.model';
import { seedCampaigns } from './seed-campaigns';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.stop());

describe('demo campaigns', () => {
  it('gives Acme a campaign template and one finished campaign with statuses and timeline entries, once', async () => {
    const acme = await buildCustomer({ name: 'Acme Corp', slug: 'acme' });
    await buildUser({ customerId: acme._id, email: 'recruiter@acme.test' });
    await Candidate.insertMany(Array.from({ length: 8 }, (_, i) => ({ customerId: acme._id, firstName: `C${i}`, email: `c${i}@example.test`, source: 'sourced' })));
    await seedCampaigns();
    await seedCampaigns();

    expect(await MailTemplate.countDocuments({ customerId: acme._id, kind: 'campaign' })).toBe(1);
    const campaigns = await Campaign.find({ customerId: acme._id }).lean();
    expect(campaigns).toHaveLength(1);
    expect(campaigns[0]).toMatchObject({ status: 'sent', totals: { recipients: 8, sent: 5, bounced: 1, failed: 1, skipped_unsubscribed: 1, queued: 0 } });
    expect(await CandidateActivity.countDocuments({ customerId: acme._id, kind: 'email_sent', 'data.campaignId': String(campaigns[0]!._id) })).toBe(5);
    expect(await Candidate.countDocuments({ customerId: acme._id, unsubscribedAt: { $ne: null } })).toBe(1);
    expect(await Customer.countDocuments({ slug: 'acme' })).toBe(1);
  });
});
