import { useState } from 'react';
import { Badge, Box, Button, Collapse, Group, Pagination, Paper, Stack, Text, Title } from '@mantine/core';
import type { TPortalJob } from '@hireflow/contracts/agency-portal';
import { usePortalJobs } from '../api/portal-api';
import { PanelEmpty, PanelError, PanelLoading } from './panel-states';

type Props = { canSubmit: boolean; onSubmitTo: (jobId: string) => void };

/** The open jobs assigned to the agency, a page at a time; each one's description opens in place. */
export function JobsPanel({ canSubmit, onSubmitTo }: Props) {
  const [page, setPage] = useState(1);
  const jobs = usePortalJobs(page);

  if (jobs.isPending) return <PanelLoading label="Loading jobs" />;
  if (jobs.isError) return <PanelError error={jobs.error} onRetry={() => void jobs.refetch()} />;
  const { items, total, pageSize } = jobs.data;
  if (items.length === 0) {
    return (
      <PanelEmpty title="No open jobs for your agency yet">
        The company has not assigned an open job to your agency. When it does, the job appears here and you can submit candidates to it.
      </PanelEmpty>
    );
  }
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {total === 1 ? '1 open job' : `${total} open jobs`} assigned to your agency
      </Text>
      {items.map((job) => (
        <JobCard key={job.id} job={job} canSubmit={canSubmit} onSubmitTo={onSubmitTo} />
      ))}
      {pages > 1 ? (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />
        </Group>
      ) : null}
    </Stack>
  );
}

function JobCard({ job, canSubmit, onSubmitTo }: { job: TPortalJob; canSubmit: boolean; onSubmitTo: (jobId: string) => void }) {
  const [open, setOpen] = useState(false);
  const descriptionId = `job-description-${job.id}`;
  const where = [job.location?.name, job.department?.name].filter(Boolean).join(' · ');
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={`job-title-${job.id}`}>
      <Stack gap="xs">
        <Title order={2} fz="h4" id={`job-title-${job.id}`}>
          {job.title}
        </Title>
        {where ? <Text size="sm">{where}</Text> : null}
        {job.salaryBand ? <Text size="sm">Salary: {job.salaryBand}</Text> : null}
        <Group gap="xs">
          <Badge variant="outline" color="gray.7">
            {job.submitted} submitted
          </Badge>
          <Badge variant="outline" color={job.remaining > 0 ? 'teal.9' : 'red.9'}>
            {job.remaining > 0 ? `${job.remaining} more allowed` : 'Limit reached'}
          </Badge>
        </Group>
        <Group gap="xs">
          <Button variant="default" size="compact-sm" aria-expanded={open} aria-controls={descriptionId} onClick={() => setOpen((v) => !v)}>
            {open ? 'Hide description' : 'Show description'}
          </Button>
          {canSubmit && job.remaining > 0 ? (
            <Button size="compact-sm" onClick={() => onSubmitTo(job.id)} aria-label={`Submit a candidate to ${job.title}`}>
              Submit a candidate
            </Button>
          ) : null}
        </Group>
        <Collapse expanded={open}>
          <Box id={descriptionId} className="job-description" fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {job.descriptionHtml.trim() ? <div dangerouslySetInnerHTML={{ __html: job.descriptionHtml }} /> : <Text size="sm">No description given.</Text>}
          </Box>
        </Collapse>
      </Stack>
    </Paper>
  );
}
