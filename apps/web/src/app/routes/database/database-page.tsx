import { Stack, Title } from '@mantine/core';
import { CandidateSearch } from '@/features/candidates/search/components/candidate-search';

/** /database: the company's candidate database, searched. */
export default function DatabasePage() {
  return (
    <Stack gap="md">
      <Title order={1}>Candidate database</Title>
      {/* Bulk actions (issue 13) plug in here: selectionActions={(candidateIds) => <BulkActions candidateIds={candidateIds} />} */}
      <CandidateSearch />
    </Stack>
  );
}
