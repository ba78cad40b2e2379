import { ActionIcon, Anchor, Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router-dom';
import { buildPath, Paths } from '@hireflow/contracts/routes';
import type { TCandidateSearchItem } from '@hireflow/contracts/candidates-search';
import { usePinCandidate } from '@/features/candidates/api/pin-candidate';
import { MatchSnippets } from './highlighted-text';

type Props = {
  items: TCandidateSearchItem[];
  selected: Set<string>;
  onSelect: (ids: string[], on: boolean) => void;
};

const fullName = (c: TCandidateSearchItem) => `${c.firstName} ${c.lastName}`.trim();

function PinToggle({ candidate }: { candidate: TCandidateSearchItem }) {
  const pin = usePinCandidate();
  const name = fullName(candidate);
  const pinned = pin.isPending ? !candidate.pinned : candidate.pinned;
  return (
    <Tooltip label={pinned ? 'Unpin' : 'Pin'}>
      <ActionIcon
        variant={pinned ? 'filled' : 'subtle'}
        aria-label={`Pin ${name}`}
        aria-pressed={pinned}
        loading={pin.isPending}
        onClick={() => pin.mutate({ id: candidate.id, pinned: !candidate.pinned })}
      >
        <span aria-hidden>{pinned ? '★' : '☆'}</span>
      </ActionIcon>
    </Tooltip>
  );
}

/** One page of search results: select, open, pin; the matched words of each row are marked. */
export function CandidateResults({ items, selected, onSelect }: Props) {
  const pageIds = items.map((c) => c.id);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all on this page"
                checked={selectedOnPage > 0 && selectedOnPage === pageIds.length}
                indeterminate={selectedOnPage > 0 && selectedOnPage < pageIds.length}
                onChange={(e) => onSelect(pageIds, e.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>Candidate</Table.Th>
            <Table.Th>Location</Table.Th>
            <Table.Th>Experience</Table.Th>
            <Table.Th>Skills</Table.Th>
            <Table.Th>Last activity</Table.Th>
            <Table.Th w={50}>
              <span className="mantine-visually-hidden">Pin</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((c) => (
            <Table.Tr key={c.id} aria-selected={selected.has(c.id)}>
              <Table.Td>
                <Checkbox aria-label={`Select ${fullName(c)}`} checked={selected.has(c.id)} onChange={(e) => onSelect([c.id], e.currentTarget.checked)} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={buildPath(Paths.candidate, { id: c.id })} fw={500}>
                  {fullName(c)}
                </Anchor>
                <Text fz="sm" c="dimmed">
                  {[c.currentTitle, c.currentCompany].filter(Boolean).join(' · ') || c.email}
                </Text>
                <MatchSnippets highlights={c.highlights} />
              </Table.Td>
              <Table.Td>{c.location || '—'}</Table.Td>
              <Table.Td>{c.experienceYears === null ? '—' : `${c.experienceYears} ${c.experienceYears === 1 ? 'year' : 'years'}`}</Table.Td>
              <Table.Td>
                <Text fz="sm" lineClamp={2}>
                  {c.skills.join(', ') || '—'}
                </Text>
              </Table.Td>
              <Table.Td>{new Date(c.lastActivityAt).toLocaleDateString()}</Table.Td>
              <Table.Td>
                <Group justify="center">
                  <PinToggle candidate={c} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
