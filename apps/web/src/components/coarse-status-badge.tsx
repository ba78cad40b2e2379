import { Badge } from '@mantine/core';
import { CoarseStatusLabels, type TCoarseStatus } from '@hireflow/contracts/referrals';

// Outline badges in dark shades, so the text keeps 4.5:1 on the page.
const colors: Record<TCoarseStatus, string> = {
  received: 'gray.7',
  in_review: 'blue.9',
  interviewing: 'indigo.9',
  offer: 'grape.9',
  hired: 'teal.9',
  not_selected: 'red.9',
};

/** What a referrer or an agency may see of an application (contracts' coarseStatusOf): never a stage name. */
export function CoarseStatusBadge({ status }: { status: TCoarseStatus }) {
  return (
    <Badge variant="outline" color={colors[status]}>
      {CoarseStatusLabels[status]}
    </Badge>
  );
}
