import { Alert, Button, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { ApiErrorText } from '@/components/api-error-text';

/** While headline figures load: four placeholder cards; when they failed: why, and Try again. Null once loaded. */
export function FiguresLoadState({ query, what, height }: { query: UseQueryResult<unknown>; what: string; height: number }) {
  if (query.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm" aria-busy="true" aria-label={`Loading the ${what}`}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={height} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={`The ${what} could not be loaded`}>
        <Group gap="sm">
          <Text size="sm"><ApiErrorText message={errorMessage(query.error)} /></Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  return null;
}
