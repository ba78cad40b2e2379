import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAccessRight } from '@hireflow/contracts/roles';
import { DefaultPrivacySettings, PrivacyApi, PrivacyMessages, type TConsentRenewalSummary, type TPrivacySettings } from '@hireflow/contracts/privacy';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

function signInWith(rights: readonly TAccessRight[]) {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights });
}

async function openPage({ settings = DefaultPrivacySettings, renewal = { due: 0, expired: 0 } }: { settings?: TPrivacySettings; renewal?: TConsentRenewalSummary } = {}) {
  http.onGet(PrivacyApi.settings).reply(200, settings);
  http.onGet(PrivacyApi.consentRenewal).reply(200, renewal);
  renderWithProviders(null, { route: '/company-settings/privacy' });
  await screen.findByRole('heading', { name: 'Privacy and consent', level: 1 });
  return screen.findByRole('region', { name: 'Consent on the apply form' });
}

describe('/company-settings/privacy', () => {
  it('is not found without the company settings right', async () => {
    signInWith(['careerSiteSettings']);
    renderWithProviders(null, { route: '/company-settings/privacy' });
    expect(await screen.findByRole('heading', { level: 1, name: /not found|404/i })).toBeInTheDocument();
  });

  it('saves what was typed: the notice, optional consent, consent that never lapses and the audit period', async () => {
    signInWith(['companySettings']);
    let sent: unknown = null;
    http.onPut(PrivacyApi.settings).reply((config) => {
      sent = JSON.parse(config.data as string);
      return [200, sent];
    });
    const form = await openPage();
    const user = userEvent.setup();
    const notice = within(form).getByRole('textbox', { name: 'Privacy notice' });
    await user.type(notice, 'We keep your data.');
    expect(within(form).getByText(/18 of 10,000 characters/)).toBeInTheDocument();
    const ask = within(form).getByRole('switch', { name: /^Ask for consent on the apply form/ });
    expect(ask).toBeChecked();
    await user.click(ask);
    expect(within(form).getByText(/Applicants who leave it empty are kept on the company’s legitimate interest/)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Consent lasts (months)' })).toHaveValue('24');
    await user.click(within(form).getByRole('radio', { name: 'Never: consent does not lapse' }));
    expect(within(form).queryByRole('textbox', { name: 'Consent lasts (months)' })).not.toBeInTheDocument();
    const audit = within(form).getByRole('textbox', { name: 'Keep the audit trail (months)' });
    await user.clear(audit);
    await user.type(audit, '3x6');
    await user.click(within(form).getByRole('button', { name: 'Save privacy settings' }));
    await waitFor(() => expect(sent).toEqual({ notice: 'We keep your data.', requireConsent: false, consentMonths: null, auditMonths: 36 }));
    expect(await screen.findByText(PrivacyMessages.settingsSaved)).toBeInTheDocument();
  });

  it("shows the server's refusal beside its field", async () => {
    signInWith(['companySettings']);
    http.onPut(PrivacyApi.settings).reply(400, { code: 'validation', message: 'auditMonths: must be at most 120', details: [{ path: 'auditMonths', message: 'must be at most 120' }] });
    const form = await openPage();
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Save privacy settings' }));
    const audit = within(form).getByRole('textbox', { name: 'Keep the audit trail (months)' });
    await waitFor(() => expect(audit).toHaveAccessibleDescription(expect.stringContaining('Must be at most 120')));
  });

  it('checks the periods before sending', async () => {
    signInWith(['companySettings']);
    const form = await openPage();
    const user = userEvent.setup();
    await user.clear(within(form).getByRole('textbox', { name: 'Consent lasts (months)' }));
    await user.click(within(form).getByRole('button', { name: 'Save privacy settings' }));
    expect(await within(form).findByText(/Say how many months consent lasts/)).toBeInTheDocument();
    expect(http.history.put).toHaveLength(0);
  });

  it('asks the due candidates to renew after a confirmation, and says so', async () => {
    signInWith(['companySettings']);
    await openPage({ renewal: { due: 3, expired: 2 } });
    const card = await screen.findByRole('region', { name: 'Consent renewal' });
    expect(await within(card).findByText('3 candidates')).toBeInTheDocument();
    expect(within(card).getByText('2 candidates')).toBeInTheDocument();
    http.onPost(PrivacyApi.consentRenewal).replyOnce(200, { queued: 3, message: PrivacyMessages.renewalQueued(3) });
    http.onGet(PrivacyApi.consentRenewal).reply(200, { due: 0, expired: 2 });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Ask 3 candidates to renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask candidates to renew their consent?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send the mails' }));
    expect(await within(card).findByText(PrivacyMessages.renewalQueued(3))).toBeInTheDocument();
    expect(http.history.post).toHaveLength(1);
    // Nobody is left: the button says why it is off.
    const button = await within(card).findByRole('button', { name: 'Ask 0 candidates to renew' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/Nobody is due/);
  });

  it('offers Try again when the settings cannot be loaded', async () => {
    signInWith(['companySettings']);
    http.onGet(PrivacyApi.settings).replyOnce(500, { code: 'internal', message: 'Oops! Something went wrong' });
    http.onGet(PrivacyApi.consentRenewal).reply(200, { due: 0, expired: 0 });
    renderWithProviders(null, { route: '/company-settings/privacy' });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    http.onGet(PrivacyApi.settings).reply(200, DefaultPrivacySettings);
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('region', { name: 'Consent on the apply form' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Erasure requests' })).toHaveAttribute('href', '/company-settings/privacy/erasure-requests');
  });
});
