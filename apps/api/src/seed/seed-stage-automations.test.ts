import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test/test-app';
import { buildCustomer, buildUser } from '../test/factories';
import { MailTemplate } from '../modules/mail/mail-template.model';
import { listStageAutomations } from '../modules/pipeline/automations/automations.service';
import { seedStageAutomations, DemoAutomationTemplate } from './seed-stage-automations';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.stop());

describe('demo stage automations', () => {
  it('gives Acme’s Interview and Offer stages their automations and a pipeline template, once', async () => {
    const acme = await buildCustomer({ name: 'Acme Corp', slug: 'acme' });
    await buildUser({ customerId: acme._id, email: 'admin@acme.test', admin: true });
    await seedStageAutomations();
    await seedStageAutomations();

    expect(await MailTemplate.countDocuments({ customerId: acme._id, kind: 'pipeline', name: DemoAutomationTemplate.name })).toBe(1);
    const { stages } = await listStageAutomations(acme._id);
    const byName = Object.fromEntries(stages.map((s) => [s.name, s.automations.map((a) => [a.action, a.templateName, a.delayMinutes])]));
    expect(byName.Interview).toEqual([['send_candidate_mail', DemoAutomationTemplate.name, 60], ['request_scorecards', '', 1440]]);
    expect(byName.Offer).toEqual([['notify_hiring_manager', '', 0]]);
    expect(byName.Applied).toEqual([]);
  });
});
