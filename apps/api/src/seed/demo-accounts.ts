import type { TAdditionalRole, TBasicRole } from '@hireflow/contracts/roles';

export const DemoPassword = 'Demo@12345';

type DemoAccount = {
  email: string;
  firstName: string;
  lastName: string;
  role: TBasicRole;
  admin?: boolean;
  superAdmin?: boolean;
  addlRoles?: TAdditionalRole[];
  what: string;
};

export const DemoCompanies = [
  {
    name: 'Acme Corp',
    slug: 'acme',
    domains: ['acme.test'],
    accounts: [
      { email: 'admin@acme.test', firstName: 'Ada', lastName: 'Admin', role: 'recruiter', admin: true, what: 'Acme admin (recruiter)' },
      { email: 'recruiter@acme.test', firstName: 'Rita', lastName: 'Recruiter', role: 'recruiter', what: 'Acme recruiter' },
      { email: 'hm@acme.test', firstName: 'Hank', lastName: 'Manager', role: 'employee', addlRoles: ['HM'], what: 'Acme hiring manager (employee + HM)' },
      { email: 'employee@acme.test', firstName: 'Emma', lastName: 'Employee', role: 'employee', what: 'Acme employee' },
    ] as DemoAccount[],
  },
  {
    name: 'Globex Inc',
    slug: 'globex',
    domains: ['globex.test'],
    accounts: [
      { email: 'admin@globex.test', firstName: 'Gina', lastName: 'Admin', role: 'recruiter', admin: true, what: 'Globex admin (recruiter)' },
      { email: 'recruiter@globex.test', firstName: 'Gus', lastName: 'Recruiter', role: 'recruiter', what: 'Globex recruiter' },
    ] as DemoAccount[],
  },
] as const;

/** A company that signed itself up and waits for the platform super admin (its admin sees /pendingverification). */
export const DemoPendingCompany = {
  name: 'Northwind Traders',
  slug: 'northwind',
  domains: ['northwind.test'],
  accounts: [
    { email: 'owner@northwind.test', firstName: 'Nell', lastName: 'Owner', role: 'recruiter', admin: true, what: 'Northwind admin, company waiting for authorisation' },
  ] as DemoAccount[],
} as const;

export const PlatformSuperAdmin: DemoAccount = {
  email: 'superadmin@platform.test',
  firstName: 'Sam',
  lastName: 'Super',
  role: 'recruiter',
  superAdmin: true,
  what: 'platform super admin',
};

/** Acme's approved agency (a fixed id, so its sign-in link can be printed and written down) and its demo user. */
export const DemoAgency = {
  id: '6a9e0000000000000000a001',
  name: 'TalentBridge Partners',
  companySlug: 'acme',
  user: { email: 'agency@talentbridge.test', name: 'Tara Bridge' },
} as const;
export const demoAgencySignInPath = `/agencies-login/${DemoAgency.companySlug}/${DemoAgency.id}`;

export function demoSignIns() {
  const all = [...DemoCompanies.flatMap((c) => c.accounts), ...DemoPendingCompany.accounts, PlatformSuperAdmin];
  return [
    ...all.map((a) => ({ email: a.email, password: DemoPassword, what: a.what })),
    { email: DemoAgency.user.email, password: DemoPassword, what: `agency user of ${DemoAgency.name}, signs in at ${demoAgencySignInPath}` },
  ];
}
