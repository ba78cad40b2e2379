import { Loader } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { loadChunk } from '@/app/routes/lazy-page';

const Editor = lazy(() => loadChunk(() => import('./signature-editor')));

/** The profile page's mail signature editor, loaded with its own chunk. */
export function SignatureSection() {
  return (
    <Suspense fallback={<Loader size="sm" role="progressbar" aria-label="Loading your signature" />}>
      <Editor />
    </Suspense>
  );
}
