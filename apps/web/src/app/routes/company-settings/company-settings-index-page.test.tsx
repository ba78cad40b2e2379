import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TAccessRight } from '@hireflow/contracts/roles';
import { CompanySettingsGroups } from '@hireflow/contracts/settings-index';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

function signInWith(rights: readonly TAccessRight[]) {
  const session = signIn();
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights });
}

async function openIndex() {
  renderWithProviders(null, { route: '/company-settings' });
  return screen.findByRole('heading', { name: 'Company settings', level: 1 });
}

describe('/company-settings', () => {
  it('shows the groups with each page and what it is for, only the pages the rights open', async () => {
    signInWith(['companySettings', 'careerSiteSettings']);
    await openIndex();
    const company = await screen.findByRole('region', { name: 'Company' });
    const profile = within(company).getByRole('link', { name: 'Company profile' });
    expect(profile).toHaveAttribute('href', '/company-settings/company-profile');
    expect(profile).toHaveAccessibleDescription('Name, logo, website, address and what the company does, as the career site, mails and offer letters show them.');
    expect(within(company).getByRole('link', { name: 'Email domains' })).toBeInTheDocument();
    // Preferences needs advanceSettings, Locations standardSettings.
    expect(within(company).queryByRole('link', { name: 'Preferences' })).not.toBeInTheDocument();
    expect(within(company).queryByRole('link', { name: 'Locations' })).not.toBeInTheDocument();

    const careerSite = screen.getByRole('region', { name: 'Career site' });
    expect(within(careerSite).getByRole('link', { name: 'Look and feel' })).toHaveAccessibleDescription('Brand colour and logo on the career site, candidate pages and mails.');
    expect(within(careerSite).getByRole('link', { name: 'Career site' })).toHaveAttribute('href', '/company-settings/career-site');

    expect(within(screen.getByRole('region', { name: 'Billing' })).getByRole('link', { name: 'Subscription' })).toBeInTheDocument();
    // Groups with no page this user may open are not shown at all.
    for (const title of ['People and access', 'Hiring process', 'Integrations and API']) expect(screen.queryByRole('region', { name: title })).not.toBeInTheDocument();
  });

  it('shows every group, in the contracts order, to an admin holding every right', async () => {
    const rights = [...new Set(CompanySettingsGroups.flatMap((g) => g.entries.map((e) => e.right)))];
    signInWith(rights);
    await openIndex();
    await screen.findByRole('region', { name: 'Company' });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(CompanySettingsGroups.map((g) => g.title));
    const hiring = screen.getByRole('region', { name: 'Hiring process' });
    expect(within(hiring).getByRole('link', { name: 'Turnaround targets' })).toHaveAccessibleDescription('Target days per stage and to fill a vacancy, for the ageing and bottleneck reports.');
  });

  it('says so when the rights open no settings page', async () => {
    signInWith(['viewReports']);
    await openIndex();
    expect(await screen.findByText('You have no settings pages to open. An admin can give you access rights.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  });
});
