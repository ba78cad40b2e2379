import { Button, Group, Progress, Text } from '@mantine/core';
import { useState } from 'react';
import type { TUserListFiltersInput } from '@hireflow/contracts/users';
import { useExportUsers, type ExportProgress } from '../api/export-users';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Downloads every user matching the filters as Excel, showing how much has arrived. onError(null): the last error no longer applies. */
export function ExportUsersButton({ filters, onError }: { filters: TUserListFiltersInput; onError: (message: string | null) => void }) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const exporting = useExportUsers();
  const start = () => {
    onError(null);
    setProgress({ loadedBytes: 0, totalBytes: null });
    exporting.mutate(
      { filters, onProgress: setProgress },
      { onError: (error) => onError(error.message), onSettled: () => setProgress(null) },
    );
  };
  return (
    <Group gap="xs">
      <Button variant="default" onClick={start} loading={exporting.isPending} loaderProps={{ type: 'dots' }}>
        Export to Excel
      </Button>
      {progress ? (
        <Group gap={6} role="status" aria-live="polite">
          <Progress value={progress.totalBytes ? (progress.loadedBytes / progress.totalBytes) * 100 : 100} animated striped w={100} aria-label="Export progress" />
          <Text size="sm">Preparing file… {mb(progress.loadedBytes)} received</Text>
        </Group>
      ) : null}
    </Group>
  );
}
