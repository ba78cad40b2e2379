import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { CardState, DashboardCard } from '@/features/jobs/components/dashboard-cards';
import { useApprovals } from '../api/get-approvals';
import { ApprovalKindTexts } from '../components/approval-texts';

const CardRows = 5;

/** The approver's task list: whatever waits for my decision, of every kind (requisitions, offers, ...). */
export function ApprovalsWaitingCard() {
  const list = useApprovals(undefined, 'pending', 1);
  return (
    <DashboardCard title="Waiting for your approval" total={list.data?.total} seeAll={{ to: Paths.vacancyApprovalAll, label: 'All approvals' }}>
      {list.data ? (
        list.data.items.length === 0 ? (
          <Text c="dimmed">Nothing is waiting for your approval. Requisitions and offers you are asked to approve show up here.</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {list.data.items.slice(0, CardRows).map((a) => (
              <li key={a.id}>
                <Group gap="xs" wrap="nowrap">
                  <Badge variant="outline" color="gray.7" size="sm">
                    {ApprovalKindTexts[a.kind].label}
                  </Badge>
                  <Anchor component={Link} to={a.link} fw={500}>
                    {a.title}
                  </Anchor>
                </Group>
                <Text fz="sm" c="dimmed">
                  {a.detail ? `${a.detail}, asked` : 'Asked'} by {a.requester.name}
                  {a.submittedAt ? ` on ${new Date(a.submittedAt).toLocaleDateString()}` : ''}
                </Text>
              </li>
            ))}
          </Stack>
        )
      ) : (
        <CardState pending={list.isPending} error={list.error} label="approvals" />
      )}
      <Text fz="sm" mt="sm">
        <Anchor component={Link} to={Paths.vacancyApprovalAll}>
          Vacancy approvals
        </Anchor>
        {' · '}
        <Anchor component={Link} to={Paths.offerApprovalAll}>
          Offer approvals
        </Anchor>
      </Text>
    </DashboardCard>
  );
}
