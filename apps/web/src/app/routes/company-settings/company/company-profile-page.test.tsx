import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAccessRight } from '@hireflow/contracts/roles';
import { CompanyApi, CompanyMessages, type TCompanyProfile } from '@hireflow/contracts/company';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

function signInWith(rights: readonly TAccessRight[]) {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights });
}

const profile = (over: Partial<TCompanyProfile> = {}): TCompanyProfile => ({
  name: 'Acme Corp',
  website: 'https://acme.test',
  address: { line1: '1 Main St', line2: '', city: 'Berlin', region: '', postalCode: '10115', country: 'DE' },
  industry: 'Software',
  size: '51-200',
  about: 'We build rockets.',
  logoUrl: null,
  slug: 'acme',
  ...over,
});

async function openPage() {
  renderWithProviders(null, { route: '/company-settings/company-profile' });
  await screen.findByRole('heading', { name: 'Company profile', level: 1 });
  return screen.findByRole('textbox', { name: /Company name/ });
}

describe('/company-settings/company-profile', () => {
  it('is not found without the companySettings right', async () => {
    signInWith(['careerSiteSettings']);
    renderWithProviders(null, { route: '/company-settings/company-profile' });
    expect(await screen.findByRole('heading', { level: 1, name: /not found|404/i })).toBeInTheDocument();
  });

  it('shows the saved profile and sends the edited one', async () => {
    signInWith(['companySettings']);
    http.onGet(CompanyApi.profile).reply(200, profile());
    let sent: unknown = null;
    http.onPut(CompanyApi.profile).reply((config) => {
      sent = JSON.parse(config.data as string);
      return [200, profile({ name: 'Acme Rockets', address: { ...profile().address, country: 'FR' } })];
    });
    const name = await openPage();
    expect(name).toHaveValue('Acme Corp');
    expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveValue('Germany (DE)');
    expect(screen.getByText('17 of 2000 characters')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Acme Rockets');
    const country = screen.getByRole('combobox', { name: /^Country/ });
    await user.clear(country);
    await user.type(country, 'Franc');
    await user.click(await screen.findByRole('option', { name: 'France (FR)' }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(sent).toEqual({
        name: 'Acme Rockets',
        website: 'https://acme.test',
        address: { line1: '1 Main St', line2: '', city: 'Berlin', region: '', postalCode: '10115', country: 'FR' },
        industry: 'Software',
        size: '51-200',
        about: 'We build rockets.',
      }),
    );
    expect(await screen.findByText(CompanyMessages.profileSaved)).toBeInTheDocument();
  });

  it('shows the contract messages under the fields and sends nothing while they fail', async () => {
    signInWith(['companySettings']);
    http.onGet(CompanyApi.profile).reply(200, profile());
    const name = await openPage();
    const user = userEvent.setup();
    await user.clear(name);
    const website = screen.getByRole('textbox', { name: 'Website' });
    await user.clear(website);
    await user.type(website, 'acme dot test');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Is required')).toBeInTheDocument();
    expect(screen.getByText('Must be a web address starting with http:// or https://')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(http.history.put).toHaveLength(0);
  });

  it('puts a 400 from the server under the field it names', async () => {
    signInWith(['companySettings']);
    http.onGet(CompanyApi.profile).reply(200, profile());
    http.onPut(CompanyApi.profile).reply(400, { code: 'bad_request', message: 'address.city: is not a city we know', details: [{ path: 'address.city', message: 'is not a city we know' }] });
    await openPage();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Is not a city we know')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a logo over 2 MB or of another type before uploading, and uploads a fitting one', async () => {
    signInWith(['companySettings']);
    http.onGet(CompanyApi.profile).reply(200, profile());
    let uploaded: FormData | null = null;
    http.onPost(CompanyApi.logo).reply((config) => {
      uploaded = config.data as FormData;
      return [200, profile({ logoUrl: '/api/public/company-logo/64a000000000000000000001?v=2' })];
    });
    await openPage();
    const user = userEvent.setup({ applyAccept: false });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(3 * 1024 * 1024)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText(CompanyMessages.logoTooLarge)).toBeInTheDocument();
    await user.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText(CompanyMessages.logoType)).toBeInTheDocument();
    expect(http.history.post).toHaveLength(0);
    await user.upload(input, new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Current company logo' })).toHaveAttribute('src', '/api/public/company-logo/64a000000000000000000001?v=2');
    expect((uploaded as FormData | null)?.get('logo')).toBeInstanceOf(File);
    expect(await screen.findByText(CompanyMessages.logoSaved)).toBeInTheDocument();
  });

  it('removes the logo only after the confirmation', async () => {
    signInWith(['companySettings']);
    http.onGet(CompanyApi.profile).reply(200, profile({ logoUrl: '/logo.png' }));
    http.onDelete(CompanyApi.logo).reply(200, profile());
    await openPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the logo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(http.history.delete).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove the logo?' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No logo yet')).toBeInTheDocument();
    expect(http.history.delete).toHaveLength(1);
  });

  it('says so when the profile cannot be loaded', async () => {
    signInWith(['companySettings']);
    http.onGet(CompanyApi.profile).reply(500, { code: 'internal', message: 'Oops! Something went wrong' });
    renderWithProviders(null, { route: '/company-settings/company-profile' });
    expect(await screen.findByText('Oops! Something went wrong')).toBeInTheDocument();
  });
});
