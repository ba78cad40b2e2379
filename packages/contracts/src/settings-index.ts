// The company-settings index: its pages in groups, each with a line saying what it is for. No zod: the
// index page and its tests import it.
import type { TAccessRight } from './roles';
import { CompanySettingsPages, type TCompanySettingsPage } from './settings';
import { OrgKindRights } from './org-rights';

export type TSettingsEntry = { path: string; label: string; blurb: string; right: TAccessRight };
export type TSettingsGroup = { id: string; title: string; entries: TSettingsEntry[] };

const page = (name: TCompanySettingsPage, label: string, blurb: string): TSettingsEntry => ({ path: `/company-settings/${name}`, label, blurb, right: CompanySettingsPages[name] });

export const CompanySettingsGroups: TSettingsGroup[] = [
  {
    id: 'company',
    title: 'Company',
    entries: [
      page('company-profile', 'Company profile', 'Name, logo, website, address and what the company does, as the career site, mails and offer letters show them.'),
      page('preferences', 'Preferences', 'Time zone, date format, week start, the workflow new jobs start from, and how long candidate data is kept.'),
      { path: '/company-settings/business-units', label: 'Business units', blurb: 'The divisions jobs, users and reports are grouped by.', right: OrgKindRights['business-units'] },
      { path: '/company-settings/departments', label: 'Departments', blurb: 'Departments within each business unit.', right: OrgKindRights.departments },
      page('manage-locations', 'Locations', 'Office locations and addresses, and their meeting rooms.'),
      page('manage-campuses', 'Campuses', 'Universities and schools for campus hiring drives.'),
      page('manage-clients', 'Clients', 'The companies you hire for, if you are a staffing firm.'),
      page('manage-domains', 'Email domains', 'Domains whose employees may sign themselves up.'),
    ],
  },
  {
    id: 'people',
    title: 'People and access',
    entries: [
      page('manage-users', 'Users', 'Invite, import, edit and deactivate the people who use the product.'),
      page('accessrights', 'Access rights', 'What each user may open and change.'),
      page('manage-roles', 'Roles', 'Company-wide extra roles: hiring managers and operations.'),
      page('manage-spcl-user', 'Special users', 'Operations users who act across jobs.'),
      page('approvers', 'Approvers', 'Who approves vacancies, offers and agencies, per business unit.'),
      page('manage-agencies', 'Agencies', 'Recruitment agencies, their jobs, fees and users.'),
    ],
  },
  {
    id: 'hiring',
    title: 'Hiring process',
    entries: [
      page('workforce-planning', 'Workforce planning', 'Job codes with their approved headcount and how much is used.'),
      page('tatsettings', 'Turnaround targets', 'Target days per stage and to fill a vacancy, for the ageing and bottleneck reports.'),
      page('manage-lists', 'Lists', 'Dropdown lists, skills, rejection reasons and interview attributes.'),
      page('manage-allTags', 'Tags', 'Tags for candidates and jobs.'),
      page('manage-sources', 'Sources', 'Where candidates come from.'),
      page('custom-fields', 'Custom fields', 'Extra typed fields on jobs, candidates and other records.'),
      page('page-customization', 'Page customization', 'The apply form and other forms, and the screening question bank.'),
      page('templates', 'Templates', 'Emails, interview invitations, offer letters and signatures, with merge fields.'),
      page('onboarding-documents', 'Onboarding documents', 'Documents a new hire submits before the first day.'),
      page('referral-settings', 'Referral settings', 'Referral rewards and who may refer.'),
    ],
  },
  {
    id: 'career-site',
    title: 'Career site',
    entries: [
      page('career-site', 'Career site', 'The public careers page: its introduction and which jobs it lists.'),
      page('look-feel', 'Look and feel', 'Brand colour and logo on the career site, candidate pages and mails.'),
    ],
  },
  {
    id: 'integrations',
    title: 'Integrations and API',
    entries: [page('external-api-settings', 'API and webhooks', 'API keys for the public API, and webhooks that tell your systems what happened.')],
  },
  {
    id: 'privacy',
    title: 'Privacy',
    entries: [
      { path: '/company-settings/privacy', label: 'Privacy and consent', blurb: 'The privacy notice on the apply form, when consent is asked and how long it lasts, and renewal mails.', right: 'companySettings' },
      { path: '/company-settings/privacy/erasure-requests', label: 'Erasure requests', blurb: 'Candidates who asked to be erased, with the 30-day deadline: approve or refuse with a reason.', right: 'companySettings' },
      { path: '/company-settings/privacy/audit-trail', label: 'Audit trail', blurb: 'Who viewed, exported, changed or erased personal data, and who signed in.', right: 'companySettings' },
      { path: '/company-settings/privacy/data-export', label: 'Company data export', blurb: "All of the company's data as one ZIP, for moving away or a legal request.", right: 'companySettings' },
    ],
  },
  {
    id: 'billing',
    title: 'Billing',
    entries: [
      page('Subscription', 'Subscription', 'Your plan, seats and trial; change plan or apply a promo code.'),
      { path: '/billing', label: 'Invoices', blurb: 'Monthly invoices as PDF and whether they are paid.', right: CompanySettingsPages.Subscription },
    ],
  },
];
