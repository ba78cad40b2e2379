import { seedPrivacy } from './seed-privacy';
import bcrypt from 'bcrypt';
import { Plans, TrialDays, TrialPlan } from '@hireflow/contracts/billing';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { DemoCompanies, DemoPassword, DemoPendingCompany, PlatformSuperAdmin, demoSignIns } from './demo-accounts';
import { seedPeople } from './seed-people';
import { seedJobs } from './seed-jobs';
import { seedOfferLetters } from './seed-offer-letters';
import { seedCampaigns } from './seed-campaigns';
import { seedResumeText } from './seed-resumes';
import { seedDuplicates } from './seed-duplicates';
import { seedCandidateProfiles } from './seed-candidate-profiles';
import { seedCandidates } from './seed-candidates';
import { seedScreeningQuestions } from './seed-questions';
import { seedStageAutomations } from './seed-stage-automations';
import { seedInterviewPlans } from './seed-interview-plans';
import { seedRejections } from './seed-rejections';
import { seedBusyJob } from './seed-busy-job';
import { seedInterviews } from './seed-interviews';
import { seedSelfScheduling } from './seed-self-scheduling';
import { seedAvailability } from './seed-availability';
import { seedOffers } from './seed-offers';
import { seedInvoices } from './seed-invoices';
import { seedOnboarding } from './seed-onboarding';
import { seedReferrals } from './seed-referrals';
import { seedAgencies } from './seed-agencies';
import { seedNps } from './seed-nps';
import { seedPromos } from './seed-promos';
import { completeStageEvents, seedHistory, seedUsageHistory } from './seed-history';
import { seedSpotlight } from './seed-spotlight';
import { rebuildAllTallies } from '../modules/reports/tallies/rebuild';

/** On an empty database, creates the demo companies and sign-ins; a second start leaves data as it is. */
export async function seedDemoData({ config, logger }: { config: Config; logger: Logger }) {
  const signIns = demoSignIns();
  if (await Customer.exists({})) return { seeded: false, signIns };

  // One hash serves every demo account: hashing each at cost 12 would slow the first start.
  const passwordHash = await bcrypt.hash(DemoPassword, config.bcryptCost);
  for (const company of [...DemoCompanies, DemoPendingCompany]) {
    const authorised = company !== DemoPendingCompany;
    const customer = await Customer.create({
      name: company.name,
      slug: company.slug,
      domains: [...company.domains],
      isAuthorized: authorised,
      userOptionsPage: authorised,
      // Authorised demo companies pay for Enterprise (every feature); the pending one is in its trial.
      ...(authorised ? { plan: 'enterprise', seats: Plans.enterprise.seats } : { plan: TrialPlan, seats: Plans[TrialPlan].seats, trialEndsAt: new Date(Date.now() + TrialDays * 24 * 3600 * 1000), subscription: { status: 'trialing' } }),
    });
    await User.insertMany(
      company.accounts.map((a) => ({
        ...a,
        customerId: customer._id,
        passwordHash,
        emailVerification: { status: true, keyHash: null },
      })),
    );
  }
  await seedPeople({ passwordHash });
  await seedAvailability();
  await seedJobs();
  await seedStageAutomations();
  await seedInterviewPlans();
  await seedCandidates();
  await seedBusyJob();
  await seedScreeningQuestions();
  await seedDuplicates();
  await seedCandidateProfiles();
  await seedInterviews();
  await seedCampaigns();
  await seedRejections();
  await seedResumeText();
  await seedSelfScheduling();
  await seedOffers();
  await seedOnboarding();
  await seedReferrals({ passwordHash });
  await seedInvoices();
  await seedAgencies({ passwordHash });
  await seedHistory();
  await seedNps();
  await seedPromos();
  // The seeds write raw events: the maintained report figures are recomputed from them, then the
  // sign-ins and actions (which have no raw events) are added.
  for (const customer of await Customer.find({}, { _id: 1 }).lean()) {
    await completeStageEvents(customer._id);
    await rebuildAllTallies(customer._id);
  }
  await seedUsageHistory();
  await User.create({ ...PlatformSuperAdmin, passwordHash, emailVerification: { status: true, keyHash: null } });
  await seedSpotlight();
  await seedPrivacy();
  logger.info({ demoOfferLink: (await seedOfferLetters({ publicUrl: config.publicUrl }))?.demoLink }, 'demo offer letters created');
  logger.info('demo data created');
  return { seeded: true, signIns };
}
