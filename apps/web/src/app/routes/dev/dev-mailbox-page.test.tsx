import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const mail = {
  to: 'nia@acme.test',
  subject: 'Verify your email for Hireflow',
  text: 'Hello Nia,\n\nVerify my email: http://localhost:3000/verify?key=abc123\n\nThe Hireflow team',
  html: '<p>ignored</p>',
  sentAt: '2026-11-22T03:00:00.000Z',
};

describe('/dev/mailbox', () => {
  it('lists the mails for an address with their links clickable', async () => {
    http.onGet('/api/dev/outbox', { params: { to: 'nia@acme.test' } }).reply(200, [mail]);
    renderWithProviders(null, { route: '/dev/mailbox?email=nia@acme.test' });
    expect(await screen.findByRole('heading', { name: 'Verify your email for Hireflow', level: 2 })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'http://localhost:3000/verify?key=abc123' });
    expect(link.getAttribute('href')).toMatch(/\/verify\?key=abc123$/);
  });

  it('asks for the address and shows an empty state', async () => {
    http.onGet('/api/dev/outbox').reply((config) => [200, config.params?.to ? [] : [mail]]);
    const user = userEvent.setup();
    renderWithProviders(null, { route: '/dev/mailbox' });
    await screen.findByRole('heading', { name: 'Verify your email for Hireflow' });
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'nobody@acme.test{Enter}');
    expect(await screen.findByText('No mail for this address yet.')).toBeInTheDocument();
  });

  it('says it is not available when the API has no outbox (production, or another machine)', async () => {
    http.onGet('/api/dev/outbox').reply(404, { code: 'not_found', message: 'Dev mailbox not found' });
    renderWithProviders(null, { route: '/dev/mailbox' });
    expect(await screen.findByText(/The dev mailbox is not available here: it opens only on the server's own machine/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email address' })).not.toBeInTheDocument();
  });
});
