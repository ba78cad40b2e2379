import { Alert, Anchor, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ReferralMessages } from '@hireflow/contracts/referrals';
import { useReferralJob } from '@/features/referrals/api/get-referral-job';
import { ReferForm } from '@/features/referrals/refer/refer-form';
import { ReferralJobDetails } from '@/features/referrals/refer/referral-job-details';
import { openPositionsPath } from '@/features/referrals/open-positions/open-positions-path';
import { errorMessage, toApiError } from '@/lib/api-client';

/** /employee-referral/:positionId: the open job and the form to refer someone to it (`?campaign=` when a campaign mail led here). */
export default function EmployeeReferralPage() {
  const { positionId = '' } = useParams();
  const [search] = useSearchParams();
  const campaignId = search.get('campaign');
  const job = useReferralJob(positionId);

  if (job.isPending) {
    return (
      <Stack gap="md">
        <Title order={1}>Refer someone</Title>
        <Group justify="center" p="lg">
          <Loader role="progressbar" aria-label="Loading the job" />
        </Group>
      </Stack>
    );
  }
  if (job.isError) {
    const status = toApiError(job.error).status;
    const notOpen = status === 404 || status === 400;
    return (
      <Stack gap="md">
        <Title order={1}>Refer someone</Title>
        {notOpen ? (
          <Paper withBorder p="xl" radius="md">
            <Stack gap="sm" align="center">
              <Text ta="center">{ReferralMessages.jobNotOpen} It may have been filled or closed.</Text>
              <Anchor component={Link} to={openPositionsPath}>
                See the open positions you can refer to
              </Anchor>
            </Stack>
          </Paper>
        ) : (
          <Alert color="red" title="The job could not be loaded">
            {errorMessage(job.error)}
          </Alert>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={860}>
      <div>
        <Title order={1}>Refer someone to {job.data.title}</Title>
        <Text c="dimmed">Know someone who would fit? Tell us about them: the recruiters take it from here.</Text>
      </div>
      <ReferralJobDetails job={job.data} />
      <ReferForm key={positionId} positionId={positionId} campaignId={campaignId} />
    </Stack>
  );
}
