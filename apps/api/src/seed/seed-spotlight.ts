import { SpotlightRoles } from '@hireflow/contracts/spotlight';
import { User } from '../modules/users/user.model';
import { Spotlight } from '../modules/spotlight/spotlight.model';

const DayMs = 86_400_000;

/**
 * One live announcement from the platform super admin to every company and role, so each demo dashboard
 * shows the spotlight (and a user can hide it). Runs once, after the super admin exists.
 */
export async function seedSpotlight() {
  if (await Spotlight.exists({})) return;
  const superAdmin = await User.findOne({ superAdmin: true }, { _id: 1 }).setOptions({ crossTenant: true }).lean();
  if (!superAdmin) return;
  const now = Date.now();
  await Spotlight.create({
    title: 'Welcome to Hireflow',
    body: '<p>Your dashboard now gathers what waits for you: <strong>approvals</strong>, <strong>scorecards</strong>, today’s interviews and the latest activity on your jobs.</p><p>Hide this note with the close button once you have read it.</p>',
    link: { url: 'https://hireflow.example/whats-new', label: 'What’s new' },
    allCompanies: true,
    companyIds: [],
    roles: [...SpotlightRoles],
    validFrom: new Date(now - DayMs),
    validTo: new Date(now + 90 * DayMs),
    createdBy: superAdmin._id,
    updatedBy: superAdmin._id,
  });
}
