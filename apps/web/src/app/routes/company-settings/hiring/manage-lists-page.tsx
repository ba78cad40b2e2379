import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { OrgEntityList } from '@/features/org/components/org-entity-list';

/** /company-settings/manage-lists: named dropdown lists, the skills vocabulary résumés are matched against, the rejection reasons and the interview attributes. */
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
      <Anchor component={Link} to="/company-settings/manage-lists/interview-attributes">
        Interview attributes: what interview scorecards rate
      </Anchor>
    </Stack>
  );
}
