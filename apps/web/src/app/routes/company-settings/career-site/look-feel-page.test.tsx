import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAccessRight } from '@hireflow/contracts/roles';
import { checkBrandColor, CompanyApi, CompanyMessages, DefaultBrandColor, type TLookFeel } from '@hireflow/contracts/company';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

function signInWith(rights: readonly TAccessRight[]) {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights });
}

const lookFeel = (over: Partial<TLookFeel> = {}): TLookFeel => ({ primaryColor: '#1c4e80', isDefault: false, logoUrl: '/api/public/company-logo/64a000000000000000000001', ...over });

async function openPage() {
  renderWithProviders(null, { route: '/company-settings/look-feel' });
  await screen.findByRole('heading', { name: 'Look and feel', level: 1 });
  return screen.findByRole('textbox', { name: /^Brand colour/ });
}

describe('/company-settings/look-feel', () => {
  it('is not found without the careerSiteSettings right', async () => {
    signInWith(['companySettings']);
    renderWithProviders(null, { route: '/company-settings/look-feel' });
    expect(await screen.findByRole('heading', { level: 1, name: /not found|404/i })).toBeInTheDocument();
  });

  it('refuses a light colour with the reason, offers a darker one and saves it', async () => {
    signInWith(['careerSiteSettings']);
    http.onGet(CompanyApi.lookFeel).reply(200, lookFeel());
    let sent: unknown = null;
    http.onPut(CompanyApi.lookFeel).reply((config) => {
      sent = JSON.parse(config.data as string);
      return [200, lookFeel(sent as { primaryColor: string })];
    });
    const input = await openPage();
    expect(input).toHaveValue('#1c4e80');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '#ffcc00');
    const check = checkBrandColor('#ffcc00');
    if (check.ok) throw new Error('#ffcc00 should fail the contrast rule');
    expect(await screen.findByText(`This colour ${check.reason}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save look and feel' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: `Use ${check.suggestion}` }));
    expect(input).toHaveValue(check.suggestion);
    expect(screen.queryByText(`This colour ${check.reason}`)).not.toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save look and feel' });
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(sent).toEqual({ primaryColor: check.suggestion }));
    expect(await screen.findByText(CompanyMessages.lookFeelSaved)).toBeInTheDocument();
  });

  it('previews the colour on the career-site button and the mail header, and resets to the default', async () => {
    signInWith(['careerSiteSettings']);
    http.onGet(CompanyApi.lookFeel).reply(200, lookFeel());
    await openPage();
    const mail = screen.getByRole('figure', { name: 'Mail preview' });
    expect(within(mail).getByText('Acme Corp').parentElement).toHaveStyle({ backgroundColor: 'rgb(28, 78, 128)' });
    const site = screen.getByRole('figure', { name: 'Career site preview' });
    expect(within(site).getByRole('img', { name: 'Acme Corp logo' })).toHaveAttribute('src', lookFeel().logoUrl);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(screen.getByRole('textbox', { name: /^Brand colour/ })).toHaveValue(DefaultBrandColor);
    expect(within(mail).getByText('Acme Corp').parentElement).toHaveStyle({ backgroundColor: 'rgb(47, 111, 79)' });
    expect(screen.getByRole('link', { name: 'Change the logo in the company profile' })).toHaveAttribute('href', '/company-settings/company-profile');
  });

  it('shows a refusal from the server under the colour', async () => {
    signInWith(['careerSiteSettings']);
    http.onGet(CompanyApi.lookFeel).reply(200, lookFeel({ isDefault: true, primaryColor: DefaultBrandColor, logoUrl: null }));
    http.onPut(CompanyApi.lookFeel).reply(400, { code: 'bad_request', message: 'primaryColor: is refused', details: [{ path: 'primaryColor', message: 'is refused' }] });
    await openPage();
    expect(screen.getByText('No logo yet: candidates see the company name.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save look and feel' }));
    expect(await screen.findByText('Is refused')).toBeInTheDocument();
  });
});
