import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@mantine/core';
import { renderWithProviders } from '@/test/render';
import { NotificationsOutlet } from './notifications-outlet';

// Counts loads of the toast container's module: a save that starts should bring it, before its toast.
const host = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./notifications-host', async (importOriginal) => {
  host.loads += 1;
  return importOriginal();
});

function SaveButton() {
  // The API has not answered yet.
  const save = useMutation({ mutationFn: () => new Promise<void>(() => {}) });
  return <Button onClick={() => save.mutate()}>Save</Button>;
}

describe('NotificationsOutlet while saving', () => {
  it('loads the toast container when a save starts, so it is there when the answer comes', async () => {
    renderWithProviders(
      <>
        <SaveButton />
        <NotificationsOutlet />
      </>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(host.loads).toBe(1));
  });
});
