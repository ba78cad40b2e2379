import type { ComponentType } from 'react';

const ReloadFlag = 'chunk-reload-attempted';

export type ChunkFailureEnv = {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
  goHome: () => void;
};

const browserEnv: ChunkFailureEnv = {
  get storage() {
    return sessionStorage;
  },
  reload: () => window.location.reload(),
  goHome: () => window.location.assign('/'),
};

/**
 * Loads a code-split chunk. A failure (usually a deploy replaced the hashed files) reloads the page once;
 * a second failure in a row sends the user to the start page instead of looping.
 */
export async function loadChunk<T>(importer: () => Promise<T>, env: ChunkFailureEnv = browserEnv): Promise<T> {
  try {
    const loaded = await importer();
    env.storage.removeItem(ReloadFlag);
    return loaded;
  } catch {
    if (env.storage.getItem(ReloadFlag)) {
      env.storage.removeItem(ReloadFlag);
      env.goHome();
    } else {
      env.storage.setItem(ReloadFlag, '1');
      env.reload();
    }
    // The page is being replaced; never settle so nothing renders half-loaded meanwhile.
    return new Promise<T>(() => {});
  }
}

/** A route's `lazy`: the page's module default-exports its component. */
export function lazyPage(importer: () => Promise<{ default: ComponentType }>) {
  return {
    lazy: async () => ({ Component: (await loadChunk(importer)).default }),
  };
}
