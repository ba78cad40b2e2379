import { Alert, Group, Loader, Stack, Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useAgency } from '@/features/agencies/api/get-agency';
import { useAccessMatrix } from '@/features/auth/api/get-access-matrix';
import { AgencyApprovalView } from '@/features/agencies/components/agency-approval';
import { NotFoundContent } from '@/app/screens/not-found';
import { errorMessage } from '@/lib/api-client';

/** /agency-approval/:agencyId: the agency, its approval chain and history, and the current approver's decision. */
export default function AgencyApprovalPage() {
  const agency = useAgency(useParams().agencyId ?? '');
  const canManage = Boolean(useAccessMatrix().data?.rights.includes('manageAgencies'));
  if (agency.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader role="progressbar" aria-label="Loading agency" />
      </Group>
    );
  }
  if (agency.isError) {
    const status = (agency.error as { status?: number }).status;
    if (status === 404 || status === 400) return <NotFoundContent />;
    return (
      <Stack>
        <Title order={1}>Agency approval</Title>
        <Alert color="red" role="alert" title={status === 403 ? 'You may not see this agency' : 'This agency could not be loaded'}>
          {status === 403 ? 'Only its approvers and the people who manage agencies can open this page.' : errorMessage(agency.error)}
        </Alert>
      </Stack>
    );
  }
  return <AgencyApprovalView agency={agency.data} canManage={canManage} />;
}
