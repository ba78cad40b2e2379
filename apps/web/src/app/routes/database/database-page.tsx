import { Button, Group, Loader, Stack, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { CandidateSearch } from '@/features/candidates/search/components/candidate-search';
import { IntakeActions } from '@/features/candidates/intake/intake-actions';
import { managesCandidates } from '@/features/candidates/manages-candidates';
import { useSession } from '@/lib/session';

// The bulk actions load when a first row is selected, not with the search.
const BulkActionsBar = lazy(async () => ({ default: (await import('@/features/candidates/bulk/bulk-actions-bar')).BulkActionsBar }));

/** /database: the company's candidate database, searched; recruiters add, import and act on a selection. */
export default function DatabasePage() {
  const { user } = useSession();
  const manages = managesCandidates(user);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1}>Candidate database</Title>
        {manages ? (
          <Group gap="xs">
            <IntakeActions />
            <Button component={Link} to="/database/upload" variant="default">
              Upload résumés
            </Button>
          </Group>
        ) : null}
      </Group>
      <CandidateSearch selectionActions={manages ? (candidateIds) => (
              <Suspense fallback={<Loader size="sm" role="progressbar" aria-label="Loading bulk actions" />}>
                <BulkActionsBar candidateIds={candidateIds} />
              </Suspense>
            ) : undefined} />
    </Stack>
  );
}
