import { describe, expect, it, vi } from 'vitest';
import { loadChunk, type ChunkFailureEnv } from './lazy-page';

function fakeEnv(): ChunkFailureEnv & { store: Map<string, string> } {
  const store = new Map<string, string>();
  return {
    store,
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    reload: vi.fn(),
    goHome: vi.fn(),
  };
}


describe('loadChunk', () => {
  it('returns the module when the chunk loads', async () => {
    const env = fakeEnv();
    await expect(loadChunk(async () => ({ default: 'page' }), env)).resolves.toEqual({ default: 'page' });
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('reloads the page once when a chunk fails to load', async () => {
    const env = fakeEnv();
    void loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), env);
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
    expect(env.goHome).not.toHaveBeenCalled();
  });

  it('goes to / when the chunk fails again after the reload', async () => {
    const env = fakeEnv();
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    void loadChunk(failing, env);
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
    void loadChunk(failing, env);
    await vi.waitFor(() => expect(env.goHome).toHaveBeenCalledTimes(1));
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('a successful load clears the reload mark, so a later failure reloads again', async () => {
    const env = fakeEnv();
    void loadChunk(() => Promise.reject(new Error('boom')), env);
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
    await loadChunk(async () => ({}), env);
    void loadChunk(() => Promise.reject(new Error('boom')), env);
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(2));
    expect(env.goHome).not.toHaveBeenCalled();
  });
});
