import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import type { TMailTemplate } from '@hireflow/contracts/mail-templates';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const wait = { timeout: 5000 };

describe('/company-settings/templates: pipeline mails', () => {
  it('lets an admin write a pipeline mail (what the reject dialog offers) and edit it', async () => {
    const session = signIn({ admin: true });
    http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
    let items: TMailTemplate[] = [];
    http.onGet('/api/mail/templates').reply(() => [200, { items }]);
    const saved: unknown[] = [];
    http.onPost('/api/mail/templates').reply((config) => {
      const input = JSON.parse(config.data as string) as Omit<TMailTemplate, 'id' | 'updatedAt'>;
      saved.push(input);
      const created = { ...input, id: '64f000000000000000000001', updatedAt: '2026-11-24T00:00:00.000Z' };
      items = [created];
      return [201, created];
    });
    http.onPut('/api/mail/templates/64f000000000000000000001').reply((config) => {
      const input = JSON.parse(config.data as string) as Omit<TMailTemplate, 'id' | 'updatedAt'>;
      saved.push(input);
      items = [{ ...items[0]!, ...input }];
      return [200, items[0]];
    });
    renderWithProviders(null, { route: '/company-settings/templates' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New template' }, wait));
    const form = await screen.findByRole('form', { name: 'New template' }, wait);
    await user.click(within(form).getByRole('combobox', { name: 'Used for' }));
    await user.click(await screen.findByRole('option', { name: /Pipeline mail/ }, wait));
    await user.type(within(form).getByRole('textbox', { name: /Template name/ }), 'Not selected');
    await user.type(within(form).getByRole('textbox', { name: /Subject/ }), 'Your application');
    await user.type(within(form).getByRole('textbox', { name: /Message/ }), 'Thank you for applying.');
    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(saved[0]).toEqual({ kind: 'pipeline', name: 'Not selected', subject: 'Your application', body: 'Thank you for applying.' }), wait);
    const nav = await screen.findByRole('navigation', { name: 'Templates' }, wait);
    expect(within(nav).getByText('Pipeline mail (rejections, stage mails, bulk mails)')).toBeInTheDocument();

    const subject = within(await screen.findByRole('form', { name: 'Edit Not selected' }, wait)).getByRole('textbox', { name: /Subject/ });
    await user.clear(subject);
    await user.type(subject, 'About your application');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(saved[1]).toEqual({ kind: 'pipeline', name: 'Not selected', subject: 'About your application', body: 'Thank you for applying.' }), wait);
  });
});
