import type { ReactNode } from 'react';
import { Alert, Loader, VisuallyHidden } from '@mantine/core';
import { errorMessage } from '@/lib/api-client';

type ListQuery = { isPending: boolean; isError: boolean; error: unknown };
type FailedChange = { error: unknown; reset: () => void } | null | undefined;

/**
 * The states every settings list that is edited in place shares (rejection reasons, interview attributes,
 * onboarding documents): what the last change did, for screen readers; the last change's refusal, which
 * can be dismissed; the list loading or failing; the empty state; then the list itself.
 */
export function EditedListStates({ status, failed, list, label, empty, children }: { status: string; failed: FailedChange; list: ListQuery; label: string; empty: ReactNode | null; children: ReactNode }) {
  return (
    <>
      <VisuallyHidden role="status" aria-live="polite">
        {status}
      </VisuallyHidden>
      {failed ? (
        <Alert color="red" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => failed.reset()}>
          {errorMessage(failed.error)}
        </Alert>
      ) : null}
      {list.isPending ? (
        <Loader size="sm" role="progressbar" aria-label={`Loading ${label}`} />
      ) : list.isError ? (
        <Alert color="red" role="alert" title={`The ${label} could not be loaded`}>
          {errorMessage(list.error)}
        </Alert>
      ) : (
        (empty ?? children)
      )}
    </>
  );
}
