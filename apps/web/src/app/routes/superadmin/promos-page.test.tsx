import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPromo } from '@hireflow/contracts/billing-subscription';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

function signInSuperAdmin() {
  const { user } = signIn({ superAdmin: true, customer: null, customerState: null, firstName: 'Sam', lastName: 'Super', fullName: 'Sam Super' });
  http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
}

const launch: TPromo = { id: '64c000000000000000000001', code: 'LAUNCH20', kind: 'percent', value: 20, plans: ['starter', 'growth', 'enterprise'], validFrom: null, validTo: null, maxUses: 1000, usesSoFar: 12, active: true, createdAt: '2026-11-01T00:00:00.000Z' };

describe('/superadmin/promos', () => {
  it('lists the codes with their discount, plans, dates and uses so far', async () => {
    signInSuperAdmin();
    http.onGet('/api/superadmin/promos').reply(200, { items: [launch, { ...launch, id: '64c000000000000000000002', code: 'TENOFF', kind: 'amount', value: 1000, plans: ['starter'], validFrom: '2026-01-01T00:00:00.000Z', validTo: '2026-02-01T00:00:00.000Z', maxUses: null, usesSoFar: 3, active: false }] });
    renderWithProviders(null, { route: '/superadmin/promos' });
    const table = await screen.findByRole('table', { name: 'Promo codes' });
    const launchRow = within(table).getByRole('cell', { name: 'LAUNCH20' }).closest('tr')!;
    expect(launchRow).toHaveTextContent('20% off');
    expect(launchRow).toHaveTextContent('Starter, Growth, Enterprise');
    expect(launchRow).toHaveTextContent('12 of 1000');
    const tenRow = within(table).getByRole('cell', { name: 'TENOFF' }).closest('tr')!;
    expect(tenRow).toHaveTextContent('€10.00 off');
    expect(tenRow).toHaveTextContent('1 Jan 2026 – 1 Feb 2026');
    expect(tenRow).toHaveTextContent('3 (no limit)');
    expect(tenRow).toHaveTextContent('Inactive');
  });

  it('creates a code (a fixed amount typed in euros is sent in cents) and edits one; a refusal is shown in words', async () => {
    signInSuperAdmin();
    let items: TPromo[] = [launch];
    http.onGet('/api/superadmin/promos').reply(() => [200, { items }]);
    let created: Record<string, unknown> | null = null;
    http.onPost('/api/superadmin/promos').replyOnce(409, { code: 'conflict', message: 'The promo code LAUNCH20 already exists.' });
    http.onPost('/api/superadmin/promos').reply((config) => {
      created = JSON.parse(config.data as string) as Record<string, unknown>;
      const promo = { ...launch, id: '64c000000000000000000003', code: 'SPRING', kind: 'amount' as const, value: 2550, plans: ['growth' as const], maxUses: 10, usesSoFar: 0 };
      items = [promo, ...items];
      return [201, promo];
    });
    let patched: unknown = null;
    http.onPatch(`/api/superadmin/promos/${launch.id}`).reply((config) => {
      patched = JSON.parse(config.data as string);
      items = items.map((p) => (p.id === launch.id ? { ...p, active: false } : p));
      return [200, { ...launch, active: false }];
    });
    const user = userEvent.setup();
    renderWithProviders(null, { route: '/superadmin/promos' });
    await screen.findByRole('table', { name: 'Promo codes' });

    await user.click(screen.getByRole('button', { name: 'New promo code' }));
    let dialog = await screen.findByRole('dialog', { name: 'New promo code' });
    await user.type(within(dialog).getByRole('textbox', { name: /Code/ }), 'launch20');
    await user.click(within(dialog).getByRole('button', { name: 'Create promo code' }));
    expect(await within(dialog).findByText('The promo code LAUNCH20 already exists.')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: /Code/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Code/ }), 'spring');
    await user.click(within(dialog).getByRole('radio', { name: 'Fixed amount' }));
    const amount = within(dialog).getByRole('textbox', { name: /Amount off/ });
    await user.clear(amount);
    await user.type(amount, '25.50');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Starter' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Enterprise' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Maximum uses/ }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Create promo code' }));
    expect(await screen.findByText('Promo code SPRING created.')).toBeInTheDocument();
    expect(created).toMatchObject({ code: 'SPRING', kind: 'amount', value: 2550, plans: ['growth'], maxUses: 10, active: true, validFrom: null, validTo: null });
    expect(await screen.findByRole('cell', { name: 'SPRING' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit LAUNCH20' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit promo code LAUNCH20' });
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save promo code' }));
    expect(await screen.findByText('Promo code LAUNCH20 saved.')).toBeInTheDocument();
    expect(patched).toMatchObject({ code: 'LAUNCH20', active: false, value: 20 });
  });

  it('a company admin never reaches the page', async () => {
    const { user } = signIn({ admin: true });
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
    renderWithProviders(null, { route: '/superadmin/promos' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
