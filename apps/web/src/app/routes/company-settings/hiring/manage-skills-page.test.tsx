import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

describe('/company-settings/manage-lists/skills', () => {
  it('lists the skills vocabulary, adds one, says why a duplicate is refused, and removes one', async () => {
    const session = signIn({ admin: true });
    http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
    http.onGet('/api/candidates/skills-vocabulary').reply(200, { items: ['Python', 'TypeScript'] });
    let added: unknown = null;
    http
      .onPost('/api/candidates/skills-vocabulary')
      .replyOnce((config) => {
        added = JSON.parse(config.data as string);
        return [201, { items: ['Haskell', 'Python', 'TypeScript'] }];
      })
      .onPost('/api/candidates/skills-vocabulary')
      .reply(409, { code: 'conflict', message: '"python" is already in the skills list.' });
    http.onDelete('/api/candidates/skills-vocabulary/TypeScript').reply(200, { items: ['Haskell', 'Python'] });

    renderWithProviders(null, { route: '/company-settings/manage-lists/skills' });
    await screen.findByRole('heading', { name: 'Skills', level: 1 });
    const list = await screen.findByRole('list', { name: 'Skills' });
    expect(within(list).getAllByRole('listitem').map((i) => i.textContent)).toEqual(['Python', 'TypeScript']);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'New skill' }), 'Haskell');
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    await waitFor(() => expect(added).toEqual({ name: 'Haskell' }));
    expect(await within(list).findByText('Haskell')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'New skill' }), 'python');
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    expect(await screen.findByText('"python" is already in the skills list.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove TypeScript' }));
    await waitFor(() => expect(within(list).queryByText('TypeScript')).toBeNull());
  });
});
