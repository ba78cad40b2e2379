import { memo } from 'react';
import { ActionIcon, Anchor, Avatar, Badge, Checkbox, Group, Menu, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import { Link } from 'react-router-dom';
import { ApplicationSourceLabels } from '@hireflow/contracts/candidates';
import type { TBoardStage, TPipelineCard } from '@hireflow/contracts/pipeline';
import { daysInStage } from './board-filters';

export type StageRef = Pick<TBoardStage, 'id' | 'name' | 'kind'>;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

const daysLabel = (days: number) => (days === 0 ? 'Today in stage' : days === 1 ? '1 day in stage' : `${days} days in stage`);

/** What a card shows; also the drag preview. */
export function CardBody({ card }: { card: TPipelineCard }) {
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={`/application/${card.applicationId}`} fw={600} fz="sm" lineClamp={1}>
        {card.name}
      </Anchor>
      {card.currentTitle ? (
        <Text fz="xs" c="dimmed" lineClamp={1}>
          {card.currentTitle}
        </Text>
      ) : null}
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text fz="xs" c="dimmed">
          {ApplicationSourceLabels[card.source]} · {daysLabel(daysInStage(card))}
        </Text>
        {card.owner ? (
          <Tooltip label={`Owner: ${card.owner.name}`}>
            <Avatar size={22} radius="xl" color="pastel-green" aria-label={`Owner: ${card.owner.name}`}>
              {initials(card.owner.name)}
            </Avatar>
          </Tooltip>
        ) : null}
      </Group>
      {card.tags.length ? (
        <Group gap={4}>
          {card.tags.slice(0, 4).map((tag) => (
            <Badge key={tag} size="xs" variant="light" tt="none">
              {tag}
            </Badge>
          ))}
          {card.tags.length > 4 ? <Text fz="xs">+{card.tags.length - 4}</Text> : null}
        </Group>
      ) : null}
    </Stack>
  );
}

type CardProps = {
  card: TPipelineCard;
  stages: StageRef[];
  canMove: boolean;
  selected: boolean;
  onToggle: (applicationId: string) => void;
  onMove: (card: TPipelineCard, stage: StageRef) => void;
  /** Given when I may schedule interviews on this job: the menu offers "Schedule interview…". */
  onSchedule?: (card: TPipelineCard) => void;
};

/**
 * One applicant on the board. The whole card drags with the mouse or by touch (after a short press); the
 * handle is the keyboard's way in (space or enter picks it up). The menu offers the same moves without
 * dragging.
 */
export const BoardCard = memo(function BoardCard({ card, stages, canMove, selected, onToggle, onMove, onSchedule }: CardProps) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({ id: card.applicationId, data: { card }, disabled: !canMove });
  const on = (listeners ?? {}) as Partial<Record<'onMouseDown' | 'onTouchStart' | 'onKeyDown', (event: unknown) => void>>;
  const rejected = stages.find((s) => s.kind === 'rejected' && s.id !== card.stageId);
  const targets = stages.filter((s) => s.id !== card.stageId && s.kind !== 'rejected');
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      shadow={selected ? 'sm' : undefined}
      style={{ opacity: isDragging ? 0.4 : 1, touchAction: canMove ? 'manipulation' : undefined, borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined }}
      onMouseDown={on.onMouseDown}
      onTouchStart={on.onTouchStart}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Checkbox size="xs" mt={2} checked={selected} onChange={() => onToggle(card.applicationId)} aria-label={`Select ${card.name}`} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <CardBody card={card} />
        </div>
        <Stack gap={2}>
          {canMove ? (
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              size="sm"
              color="gray"
              aria-label={`Drag ${card.name}`}
              data-drag-handle={card.applicationId}
              {...attributes}
              onKeyDown={on.onKeyDown}
              style={{ cursor: 'grab' }}
            >
              <span aria-hidden>⠿</span>
            </ActionIcon>
          ) : null}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" size="sm" color="gray" aria-label={`Actions for ${card.name}`}>
                <span aria-hidden>⋯</span>
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {onSchedule ? (
                <>
                  <Menu.Item onClick={() => onSchedule(card)}>Schedule interview…</Menu.Item>
                  <Menu.Divider />
                </>
              ) : null}
              <Menu.Label>Move to…</Menu.Label>
              {targets.map((stage) => (
                <Menu.Item key={stage.id} disabled={!canMove} onClick={() => onMove(card, stage)}>
                  {stage.name}
                </Menu.Item>
              ))}
              {rejected ? (
                <>
                  <Menu.Divider />
                  <Menu.Item color="red" disabled={!canMove} onClick={() => onMove(card, rejected)}>
                    Reject…
                  </Menu.Item>
                </>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        </Stack>
      </Group>
    </Paper>
  );
});
