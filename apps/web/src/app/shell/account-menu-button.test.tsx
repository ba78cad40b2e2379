import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { AccountMenuButton } from './account-menu-button';

const items = [{ label: 'Profile', to: '/user-preferences/profile', visibleTo: () => true }];
// jsdom lays nothing out, so floating-ui marks an open dropdown as detached (display: none): look for the
// menu in the DOM, hidden or not. Mantine removes it from the DOM once it is closed.
const hidden = true;

function renderButton() {
  renderWithProviders(<AccountMenuButton label="Account menu for Ada Admin" name="Ada Admin" email="ada@acme.test" items={items} />);
  return screen.getByRole('button', { name: 'Account menu for Ada Admin' });
}

describe('AccountMenuButton', () => {
  it('opens the menu on the first click, once its code has loaded, and on later clicks', async () => {
    const user = userEvent.setup();
    await user.click(renderButton());
    expect(await screen.findByRole('menuitem', { name: 'Profile', hidden })).toHaveAttribute('href', '/user-preferences/profile');
    expect(screen.getByRole('menuitem', { name: 'Sign out', hidden })).toHaveAttribute('href', '/logout');
    expect(screen.getByText('ada@acme.test')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu', { hidden })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Account menu for Ada Admin' }));
    expect(await screen.findByRole('menuitem', { name: 'Profile', hidden })).toBeInTheDocument();
  });

  it('opens from the keyboard and gives the focus back to the button when closed with Escape', async () => {
    const user = userEvent.setup();
    const button = renderButton();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu', { hidden })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu', { hidden })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu for Ada Admin' })).toHaveFocus());
  });
});
