import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import type { ChunkFailureEnv } from './lazy-page';
import { loadAppShell } from '@/app/shell/load-app-shell';

// The shell's chunk is gone, as after a deploy replaced the hashed files.
vi.mock('@/app/shell/app-layout', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/app-layout-1a2b3c.js');
});

const http = mockHttp();
const ReloadFlag = 'chunk-reload-attempted';

function fakeEnv(): ChunkFailureEnv {
  const store = new Map<string, string>();
  return {
    storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
    reload: vi.fn(),
    goHome: vi.fn(),
  };
}

describe("the app shell's own chunk follows the chunk-load rule", () => {
  it('a failed load reloads once, and a second failure goes to /', async () => {
    const env = fakeEnv();
    void loadAppShell(env);
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
    expect(env.goHome).not.toHaveBeenCalled();
    void loadAppShell(env);
    await vi.waitFor(() => expect(env.goHome).toHaveBeenCalledTimes(1));
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it.each(['/dashboard', '/no/such/page'])('opening %s signed in loads the shell through it (the reload is marked, not an error page)', async (route) => {
    sessionStorage.removeItem(ReloadFlag);
    // Watched as it is written: another chunk that loads fine afterwards clears the flag again.
    const marks = vi.spyOn(Storage.prototype, 'setItem');
    const { user } = signIn();
    http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
    const view = renderWithProviders(null, { route });
    await waitFor(() => expect(marks).toHaveBeenCalledWith(ReloadFlag, '1'));
    expect(view.queryByText(/Oops! Something went wrong/)).not.toBeInTheDocument();
    view.unmount();
    marks.mockRestore();
    sessionStorage.removeItem(ReloadFlag);
  });
});
