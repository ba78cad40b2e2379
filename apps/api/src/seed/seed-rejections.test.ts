import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DefaultRejectionReasons } from '@hireflow/contracts/pipeline';
import { startTestApp } from '../test/test-app';
import { buildCustomer, buildUser } from '../test/factories';
import { MailTemplate } from '../modules/mail/mail-template.model';
import { RejectionReason } from '../modules/pipeline/rejections/rejection-reason.model';
import { seedRejections } from './seed-rejections';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.stop());

describe('demo rejection reasons and pipeline mails', () => {
  it('gives Acme two pipeline templates and its reasons (one retired), once', async () => {
    const acme = await buildCustomer({ name: 'Acme Corp', slug: 'acme' });
    await buildUser({ customerId: acme._id, email: 'recruiter@acme.test' });
    await seedRejections();
    await seedRejections();
    const templates = await MailTemplate.find({ customerId: acme._id, kind: 'pipeline' }).sort({ name: 1 }).lean();
    expect(templates.map((t) => t.name)).toEqual(['Moving forward', 'Thank you for applying - not selected']);
    const reasons = await RejectionReason.find({ customerId: acme._id }).sort({ position: 1 }).lean();
    expect(reasons.map((r) => r.label)).toEqual([...DefaultRejectionReasons, 'Overqualified for the role', 'Failed the take-home test (old process)']);
    expect(reasons.filter((r) => !r.active).map((r) => r.label)).toEqual(['Failed the take-home test (old process)']);
  });
});
