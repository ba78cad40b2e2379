import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { ImportWizard } from '@/features/candidates/intake/import-wizard';
import { managesCandidates } from '@/features/candidates/manages-candidates';
import { useSession } from '@/lib/session';

/** /database/import: candidates from a CSV or Excel file, with a column mapping and a dry run. */
export default function ImportCandidatesPage() {
  const { user } = useSession();
  return (
    <Stack gap="md">
      <Anchor component={Link} to={Paths.database} size="sm">
        ← Candidate database
      </Anchor>
      <Title order={1}>Import candidates</Title>
      {managesCandidates(user) ? <ImportWizard /> : <Text>Only recruiters and admins can import candidates.</Text>}
    </Stack>
  );
}
