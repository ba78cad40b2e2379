import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { OrgEntityList } from '@/features/org/components/org-entity-list';

/** /company-settings/manage-lists: named dropdown lists, the skills vocabulary résumés are matched against, and the rejection reasons. */
export default function ManageListsPage() {
  return (
    <Stack gap="md">
      <OrgEntityList kind="lists" />
      <Anchor component={Link} to="/company-settings/manage-lists/skills">
        Skills: the list résumés are matched against
      </Anchor>
      <Anchor component={Link} to="/company-settings/manage-lists/rejection-reasons">
        Rejection reasons: what a rejection is given
      </Anchor>
    </Stack>
  );
}
