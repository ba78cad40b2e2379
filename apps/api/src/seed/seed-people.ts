import type { Types } from 'mongoose';
import type { TAccessRight, TAdditionalRole } from '@hireflow/contracts/roles';
import { Customer } from '../modules/org/customer.model';
import { BusinessUnit } from '../modules/org/business-unit.model';
import { Department } from '../modules/org/department.model';
import { Location } from '../modules/org/location.model';
import { Campus } from '../modules/org/campus.model';
import { Client } from '../modules/org/client.model';
import { JobCode } from '../modules/org/job-code.model';
import { PickList } from '../modules/org/pick-list.model';
import { Tag } from '../modules/org/tag.model';
import { Source } from '../modules/org/source.model';
import { CustomField } from '../modules/org/custom-field.model';
import { User } from '../modules/users/user.model';
import { DemoCompanies } from './demo-accounts';

const FirstNames = ['Liam', 'Olivia', 'Noah', 'Amelia', 'Oliver', 'Sofia', 'Elijah', 'Mia', 'Lucas', 'Aria', 'Mateo', 'Chloe', 'Levi', 'Layla', 'Ezra', 'Nora', 'Asher', 'Zoe', 'Leo', 'Hazel'];
const LastNames = ['Nguyen', 'Garcia', 'Patel', 'Kim', 'Schmidt', 'Rossi', 'Okafor', 'Silva', 'Novak', 'Haddad', 'Larsen', 'Tanaka', 'Dubois', 'Murphy', 'Kowalski', 'Singh', 'Ali', 'Costa', 'Jensen', 'Moreau'];

type Named = { _id: Types.ObjectId };

/** Finds an org entry by name or creates it, so the seed also works when another module created some first. */
async function ensure<T extends Named>(model: { findOne(f: object): { lean(): Promise<unknown> }; create(d: object): Promise<unknown> }, customerId: Types.ObjectId, key: Record<string, unknown>, rest: object = {}): Promise<T> {
  const found = (await model.findOne({ customerId, ...key }).lean()) as T | null;
  if (found) return found;
  return (await model.create({ customerId, ...key, ...rest })) as T;
}

async function seedOrg(customerId: Types.ObjectId, prefix: string) {
  const root = await ensure(BusinessUnit, customerId, { name: `${prefix} Group` }, { description: 'The whole company' });
  const units = [root];
  for (const name of ['Engineering', 'Sales', 'Operations']) {
    units.push(await ensure(BusinessUnit, customerId, { name }, { parentId: root._id }));
  }
  units.push(await ensure(BusinessUnit, customerId, { name: 'Field Sales' }, { parentId: units[2]!._id }));
  const departments = [];
  for (const name of ['Platform', 'Product', 'Inside Sales', 'Finance', 'People']) departments.push(await ensure(Department, customerId, { name }));
  const locations = [
    await ensure(Location, customerId, { name: 'Berlin' }, { city: 'Berlin', country: 'Germany', addresses: [{ label: 'HQ', address: 'Friedrichstraße 68, 10117 Berlin' }, { label: 'Lab', address: 'Schlesische Str. 26, 10997 Berlin' }] }),
    await ensure(Location, customerId, { name: 'New York' }, { city: 'New York', country: 'USA', addresses: [{ label: 'Office', address: '350 5th Ave, New York, NY 10118' }] }),
    await ensure(Location, customerId, { name: 'Bangalore' }, { city: 'Bengaluru', country: 'India', addresses: [{ label: 'Tech park', address: 'Outer Ring Rd, Bellandur, Bengaluru 560103' }] }),
  ];
  await ensure(Campus, customerId, { name: 'TU Berlin' }, { city: 'Berlin', contactName: 'Career Service', contactEmail: 'career@tu-berlin.example' });
  await ensure(Campus, customerId, { name: 'IIT Bombay' }, { city: 'Mumbai', contactName: 'Placement Cell', contactEmail: 'placements@iitb.example' });
  await ensure(Client, customerId, { name: 'Initech' }, { website: 'https://initech.example', contactName: 'Bill Lumbergh' });
  await ensure(Client, customerId, { name: 'Umbrella Health' }, { website: 'https://umbrella.example' });
  for (const [code, title, approvedHeadcount, usedHeadcount] of [['ENG-SWE', 'Software Engineer', 12, 7], ['ENG-SRE', 'Site Reliability Engineer', 4, 1], ['SAL-AE', 'Account Executive', 8, 8], ['OPS-AN', 'Operations Analyst', 3, 0]] as const) {
    await ensure(JobCode, customerId, { code }, { title, approvedHeadcount, usedHeadcount });
  }
  const seniority = await ensure(PickList, customerId, { name: 'Seniority' }, { options: ['Intern', 'Junior', 'Mid', 'Senior', 'Principal'] });
  await ensure(PickList, customerId, { name: 'Notice period' }, { options: ['Immediate', '2 weeks', '1 month', '3 months'] });
  for (const [name, color] of [['Top talent', 'green'], ['Relocation', 'blue'], ['Silver medallist', 'grape'], ['Do not contact', 'red']] as const) await ensure(Tag, customerId, { name }, { color });
  for (const name of ['LinkedIn', 'Indeed', 'Meetup', 'University fair']) await ensure(Source, customerId, { name });
  await ensure(CustomField, customerId, { entity: 'job', key: 'seniority' }, { label: 'Seniority', type: 'dropdown', listId: seniority._id, required: true, order: 1 });
  await ensure(CustomField, customerId, { entity: 'candidate', key: 'expected_salary' }, { label: 'Expected salary', type: 'number', order: 1 });
  await ensure(CustomField, customerId, { entity: 'offer', key: 'relocation_bonus' }, { label: 'Relocation bonus', type: 'yesno', order: 1 });
  return { units, departments, locations };
}

/** 40 people per demo company across roles, units, departments and locations, with one shared password hash. */
function buildPeople(customerId: Types.ObjectId, domain: string, org: Awaited<ReturnType<typeof seedOrg>>, passwordHash: string, offset: number) {
  return Array.from({ length: 40 }, (_, i) => {
    // Person i and i + 20 share a first name: the second round shifts the last name by one, so no two
    // people of a company share a full name (approver chains and pickers show names, not emails).
    const round = Math.floor(i / FirstNames.length);
    const firstName = FirstNames[(i + offset) % FirstNames.length]!;
    const lastName = LastNames[(i * 7 + round + offset) % LastNames.length]!;
    const addlRoles: TAdditionalRole[] = i < 6 ? ['HM'] : i < 8 ? ['OPS'] : i === 8 ? ['OPSE'] : i < 11 ? ['AR'] : [];
    const rights: TAccessRight[] = i === 11 ? ['manageUsers', 'viewReports'] : i === 12 ? ['standardSettings', 'manageJobCodes'] : i === 13 ? ['viewReports'] : [];
    return {
      customerId,
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${i}@${domain}`.toLowerCase(),
      eCode: `E${String(1001 + i)}`,
      mobile: `+1 555 01${String(i).padStart(2, '0')} 000`,
      role: i % 3 === 0 || i < 11 ? 'recruiter' : 'employee',
      addlRoles,
      rights,
      siteAdmin: i === 14,
      superUser: i === 15,
      status: i >= 37 ? 'inactive' : 'active',
      emailVerification: { status: !(i >= 33 && i < 37), keyHash: null },
      passwordHash: i >= 33 && i < 37 ? null : passwordHash,
      buItemId: org.units[1 + (i % (org.units.length - 1))]!._id,
      department: org.departments[i % org.departments.length]!._id,
      location: org.locations[i % org.locations.length]!._id,
      timezone: ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata'][i % 3],
    };
  });
}

/** Org structure and people for both demo companies; called by seed.ts once the companies exist. */
export async function seedPeople({ passwordHash }: { passwordHash: string }) {
  for (const [index, company] of DemoCompanies.entries()) {
    const customer = await Customer.findOne({ slug: company.slug }).lean();
    if (!customer) continue;
    const org = await seedOrg(customer._id, company.name.split(' ')[0]!);
    const domain = company.domains[0]!;
    if ((await User.countDocuments({ customerId: customer._id })) < 40) {
      await User.insertMany(buildPeople(customer._id, domain, org, passwordHash, index * 5));
    }
    // The demo sign-ins sit in the structure too, so their profiles show it.
    await User.updateMany(
      { customerId: customer._id, email: { $in: company.accounts.map((a) => a.email) }, buItemId: null },
      { $set: { buItemId: org.units[1]!._id, department: org.departments[0]!._id, location: org.locations[0]!._id } },
    );
  }
}
