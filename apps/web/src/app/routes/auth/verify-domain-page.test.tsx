import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const key = 'k'.repeat(43);

describe('/verify-domain', () => {
  it('proves the domain with the key from the mail and says what it means, without signing in', async () => {
    let sent: unknown = null;
    http.onPost('/api/domain-proof').reply((config) => {
      sent = JSON.parse(config.data);
      return [200, { domain: 'acme-labs.test', companyName: 'Acme', message: 'acme-labs.test is now active: people with an address at acme-labs.test can sign themselves up to Acme.' }];
    });
    renderWithProviders(null, { route: `/verify-domain?key=${key}` });
    expect(await screen.findByRole('heading', { name: 'Email domain confirmed', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('acme-labs.test is now active');
    expect(sent).toEqual({ key });
  });

  it('says when the link is invalid or was used', async () => {
    http.onPost('/api/domain-proof').reply(400, { code: 'domain_proof_invalid', message: 'This link is invalid, has expired or was replaced by a newer one. Ask the company admin to send a new one.' });
    renderWithProviders(null, { route: `/verify-domain?key=${key}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid');
  });
});
