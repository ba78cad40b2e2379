import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import type { TDomainEntry } from '@hireflow/contracts/org';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

const entry = (domain: string, status: TDomainEntry['status'], over: Partial<TDomainEntry> = {}): TDomainEntry => ({ domain, status, proofSentTo: null, proofSentAt: null, ...over });

function signInAsAdmin() {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
}

async function openPage() {
  renderWithProviders(null, { route: '/company-settings/manage-domains' });
  await screen.findByRole('heading', { name: 'Email domains', level: 1 });
}

const rowOf = async (domain: string) => (await screen.findByRole('cell', { name: domain })).closest('tr')!;

describe('/company-settings/manage-domains', () => {
  it('shows each domain as Active or Pending proof; only a pending one offers a proof link', async () => {
    signInAsAdmin();
    http.onGet('/api/org-domains').reply(200, { domains: [entry('acme.test', 'active'), entry('acme-labs.test', 'pending')] });
    await openPage();
    const active = await rowOf('acme.test');
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).queryByRole('button', { name: /proof link/ })).toBeNull();
    const pending = await rowOf('acme-labs.test');
    expect(within(pending).getByText('Pending proof')).toBeInTheDocument();
    expect(within(pending).getByText('Captures no sign-ups until someone at acme-labs.test opens a proof link.')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Send proof link for acme-labs.test' })).toBeInTheDocument();
  });

  it('sends a proof link to an address at the domain, then says where it went and offers to resend', async () => {
    signInAsAdmin();
    const sentAt = '2026-11-20T10:00:00.000Z';
    http
      .onGet('/api/org-domains')
      .replyOnce(200, { domains: [entry('acme-labs.test', 'pending')] })
      .onGet('/api/org-domains')
      .reply(200, { domains: [entry('acme-labs.test', 'pending', { proofSentTo: 'postmaster@acme-labs.test', proofSentAt: sentAt })] });
    let sent: unknown = null;
    http.onPost('/api/org-domains/acme-labs.test/proof').reply((config) => {
      sent = JSON.parse(config.data);
      return [200, { message: 'We sent a link to postmaster@acme-labs.test. The domain becomes active when it is opened.', domains: [] }];
    });
    await openPage();
    const user = userEvent.setup();
    await user.click(within(await rowOf('acme-labs.test')).getByRole('button', { name: 'Send proof link for acme-labs.test' }));
    const address = screen.getByRole('textbox', { name: 'An address at acme-labs.test' });
    expect(address).toHaveValue('it@acme-labs.test');
    await user.clear(address);
    await user.type(address, 'postmaster@acme-labs.test');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual({ email: 'postmaster@acme-labs.test' }));
    expect(await screen.findByText(/Link sent to postmaster@acme-labs\.test/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend proof link for acme-labs.test' })).toBeInTheDocument();
  });

  it('shows why a proof link was refused', async () => {
    signInAsAdmin();
    http.onGet('/api/org-domains').reply(200, { domains: [entry('acme-labs.test', 'pending')] });
    http.onPost('/api/org-domains/acme-labs.test/proof').reply(400, { code: 'bad_request', message: 'email: must be an address at acme-labs.test, such as it@acme-labs.test' });
    await openPage();
    const user = userEvent.setup();
    await user.click(within(await rowOf('acme-labs.test')).getByRole('button', { name: 'Send proof link for acme-labs.test' }));
    const address = screen.getByRole('textbox', { name: 'An address at acme-labs.test' });
    await user.clear(address);
    await user.type(address, 'me@elsewhere.test');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('email: must be an address at acme-labs.test, such as it@acme-labs.test')).toBeInTheDocument();
  });
});
