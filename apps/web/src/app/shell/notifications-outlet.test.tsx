import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '@/test/render';
import { NotificationsOutlet } from './notifications-outlet';

// Counts loads of the toast container's module: it should come with the first toast, not with the page.
const host = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./notifications-host', async (importOriginal) => {
  host.loads += 1;
  return importOriginal();
});

describe('NotificationsOutlet', () => {
  it('loads the toast container with the first notification and shows it, then keeps it for the next', async () => {
    renderWithProviders(
      <>
        <p>Page</p>
        <NotificationsOutlet />
      </>,
    );
    expect(await screen.findByText('Page')).toBeInTheDocument();
    expect(host.loads).toBe(0);

    act(() => {
      notifications.show({ message: 'Profile saved' });
    });
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(host.loads).toBe(1);

    act(() => {
      notifications.show({ message: 'Rights saved' });
    });
    expect(await screen.findByText('Rights saved')).toBeInTheDocument();
    expect(host.loads).toBe(1);
  });
});
