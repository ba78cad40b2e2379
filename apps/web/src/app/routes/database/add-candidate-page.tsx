import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { AddCandidateForm } from '@/features/candidates/intake/add-candidate-form';
import { candidatePath } from '@/features/candidates/intake/intake-paths';
import { managesCandidates } from '@/features/candidates/manages-candidates';
import { useSession } from '@/lib/session';

/** /database/add: a recruiter types a candidate in; saved, their profile opens. */
export default function AddCandidatePage() {
  const navigate = useNavigate();
  const { user } = useSession();
  return (
    <Stack gap="md" maw={880}>
      <Anchor component={Link} to={Paths.database} size="sm">
        ← Candidate database
      </Anchor>
      <Title order={1}>Add candidate</Title>
      {managesCandidates(user) ? (
        <Paper withBorder p="md">
          <AddCandidateForm onAdded={(c) => void navigate(candidatePath(c.id))} onCancel={() => void navigate(Paths.database)} />
        </Paper>
      ) : (
        <Text>Only recruiters and admins can add candidates.</Text>
      )}
    </Stack>
  );
}
