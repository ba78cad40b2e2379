import { Group, Text } from '@mantine/core';
import type { TStageCount } from '@hireflow/contracts/jobs';

/**
 * Applications per stage, in pipeline order. Every chip names its stage on screen (no hover needed, so
 * touch screens see it too); compact chips are smaller and put the count in bold after the name.
 */
export function PipelineCounts({ pipeline, compact = false }: { pipeline: TStageCount[]; compact?: boolean }) {
  return (
    <Group gap={compact ? 4 : 'xs'} wrap="wrap" role="list" aria-label="Applications per stage">
      {pipeline.map((stage) =>
        compact ? (
          <Text
            key={stage.id}
            span
            role="listitem"
            aria-label={`${stage.name}: ${stage.count}`}
            fz="xs"
            px={6}
            py={2}
            bg={stage.count ? 'pastel-green.1' : 'gray.1'}
            style={{ borderRadius: 4, whiteSpace: 'nowrap' }}
          >
            {stage.name} <strong>{stage.count}</strong>
          </Text>
        ) : (
          <Text key={stage.id} span role="listitem" fz="sm" px={8} py={4} bg={stage.count ? 'pastel-green.1' : 'gray.1'} style={{ borderRadius: 6 }}>
            {stage.name}: <strong>{stage.count}</strong>
          </Text>
        ),
      )}
    </Group>
  );
}
