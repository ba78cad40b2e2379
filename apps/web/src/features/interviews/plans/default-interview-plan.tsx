import { Loader } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { loadChunk } from '@/app/routes/lazy-page';

const Section = lazy(() => loadChunk(() => import('./default-interview-plan-section')));

/** The company default interview plan (company settings, preferences), loaded with its own chunk. */
export function DefaultInterviewPlan() {
  return (
    <Suspense fallback={<Loader size="sm" role="progressbar" aria-label="Loading the default interview plan" />}>
      <Section />
    </Suspense>
  );
}
