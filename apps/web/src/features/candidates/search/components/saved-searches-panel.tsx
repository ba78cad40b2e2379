import { ActionIcon, Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CandidateSearchLimits, type TCandidateSearchFilters } from '@hireflow/contracts/candidates-search';
import { Paths } from '@hireflow/contracts/routes';
import { errorMessage } from '@/lib/api-client';
import { useDeleteSavedSearch, useSaveSearch, useSavedSearches } from '../api/saved-searches';
import { toSearchParams } from '../search-params';

/** My saved searches: apply one (a link to its URL), delete one, or save the current search under a name. */
export function SavedSearchesPanel({ current }: { current: TCandidateSearchFilters }) {
  const saved = useSavedSearches();
  const save = useSaveSearch();
  const remove = useDeleteSavedSearch();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');

  const submit = () =>
    save.mutate(
      { name: name.trim(), query: current },
      {
        onSuccess: () => {
          setNaming(false);
          setName('');
        },
      },
    );

  return (
    <Stack gap="xs" component="section" aria-labelledby="saved-searches-title">
      <Group justify="space-between">
        <Title order={2} fz="sm" id="saved-searches-title">
          Saved searches
        </Title>
        <Button size="xs" variant="light" onClick={() => setNaming(true)}>
          Save this search
        </Button>
      </Group>
      {saved.isError ? <Text fz="xs" c="red">{errorMessage(saved.error)}</Text> : null}
      {saved.data?.items.length === 0 ? (
        <Text fz="xs" c="dimmed">
          None yet.
        </Text>
      ) : null}
      <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {saved.data?.items.map((s) => (
          <Group key={s.id} component="li" justify="space-between" wrap="nowrap" gap={4}>
            <Anchor component={Link} to={`${Paths.database}?${toSearchParams(s.query).toString()}`} fz="sm">
              {s.name}
            </Anchor>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Delete saved search ${s.name}`} loading={remove.isPending && remove.variables === s.id} onClick={() => remove.mutate(s.id)}>
              <span aria-hidden>×</span>
            </ActionIcon>
          </Group>
        ))}
      </Stack>
      <Modal opened={naming} onClose={() => setNaming(false)} title="Save this search">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) submit();
          }}
        >
          <Stack>
            <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={CandidateSearchLimits.maxSavedSearchName} required data-autofocus />
            <Text fz="xs" c="dimmed">
              Saving under a name you already use replaces that search.
            </Text>
            {save.isError ? <Alert color="red">{errorMessage(save.error)}</Alert> : null}
            <Group justify="end">
              <Button variant="default" onClick={() => setNaming(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!name.trim()}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
