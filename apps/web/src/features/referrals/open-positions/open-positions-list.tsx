import { Alert, Anchor, Badge, Group, Loader, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { referralPagePath } from '@hireflow/contracts/referrals';
import { errorMessage } from '@/lib/api-client';
import { useReferableJobs } from '../api/get-referable-jobs';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** Every open job of my company I may refer someone to, searchable, each with its reward and its refer page. */
export function OpenPositionsList() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = useReferableJobs({ search: debounced, page });
  const pages = list.data ? Math.ceil(list.data.total / list.data.pageSize) : 0;
  return (
    <Stack gap="sm">
      <TextInput
        label="Search open positions"
        placeholder="Title, department or location"
        type="search"
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {list.isPending ? (
        <Loader size="sm" role="progressbar" aria-label="Loading open positions" />
      ) : list.isError ? (
        <Alert color="red" title="The open positions could not be loaded">
          {errorMessage(list.error)}
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">{debounced ? `No open position matches "${debounced}".` : 'No positions are open for referrals right now. When the company opens a job, it shows here.'}</Text>
      ) : (
        <>
          <Stack gap="xs" component="ul" style={listStyle} aria-label="Open positions">
            {list.data.items.map((job) => (
              <Paper component="li" key={job.id} withBorder p="sm" radius="md">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div>
                    <Anchor component={Link} to={referralPagePath(job.id)} fw={500}>
                      {job.title}
                    </Anchor>
                    <Text fz="sm" c="dimmed">
                      {[job.department?.name, job.location?.name].filter(Boolean).join(' · ') || 'No department or location given'}
                    </Text>
                  </div>
                  {job.reward ? (
                    <Badge variant="outline" color="teal.9">
                      Reward {job.reward}
                    </Badge>
                  ) : null}
                </Group>
              </Paper>
            ))}
          </Stack>
          {pages > 1 ? (
            <nav aria-label="Pages of open positions">
              <Pagination total={pages} value={page} onChange={setPage} />
            </nav>
          ) : null}
        </>
      )}
    </Stack>
  );
}
