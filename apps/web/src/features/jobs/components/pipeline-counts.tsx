import { Group, Text, Tooltip } from '@mantine/core';
import type { TStageCount } from '@hireflow/contracts/jobs';

/** Applications per stage, in pipeline order. */
export function PipelineCounts({ pipeline, compact = false }: { pipeline: TStageCount[]; compact?: boolean }) {
  return (
    <Group gap={compact ? 4 : 'xs'} wrap={compact ? 'nowrap' : 'wrap'} role="list" aria-label="Applications per stage">
      {pipeline.map((stage) =>
        compact ? (
          <Tooltip key={stage.id} label={`${stage.name}: ${stage.count}`}>
            <Text span role="listitem" fz="xs" px={6} py={2} bg={stage.count ? 'pastel-green.1' : 'gray.1'} style={{ borderRadius: 4 }} aria-label={`${stage.name}: ${stage.count}`}>
              {stage.count}
            </Text>
          </Tooltip>
        ) : (
          <Text key={stage.id} span role="listitem" fz="sm" px={8} py={4} bg={stage.count ? 'pastel-green.1' : 'gray.1'} style={{ borderRadius: 6 }}>
            {stage.name}: <strong>{stage.count}</strong>
          </Text>
        ),
      )}
    </Group>
  );
}
