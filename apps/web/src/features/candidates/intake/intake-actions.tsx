import { Button, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { managesCandidates } from '../manages-candidates';
import { IntakePaths } from './intake-paths';

/** "Add candidate" and "Import" for the /database page header (recruiters and admins only). */
export function IntakeActions() {
  const { user } = useSession();
  if (!managesCandidates(user)) return null;
  return (
    <Group gap="xs">
      <Button component={Link} to={IntakePaths.add}>
        Add candidate
      </Button>
      <Button component={Link} to={IntakePaths.import} variant="default">
        Import
      </Button>
    </Group>
  );
}
