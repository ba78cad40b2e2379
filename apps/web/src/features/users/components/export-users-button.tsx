import { Button, Group, Progress, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { TUserListFiltersInput } from '@hireflow/contracts/users';
import { errorMessage } from '@/lib/api-client';
import { downloadExportFile, useExportStatus } from '@/lib/export-jobs';
import { useStartUsersExport } from '../api/start-users-export';

/**
 * Exports every user matching the filters as Excel. The file is prepared in the background (the page
 * may be left and the API restarted); meanwhile the progress shows, then a download button.
 * onError(null): the last error no longer applies.
 */
export function ExportUsersButton({ filters, onError }: { filters: TUserListFiltersInput; onError: (message: string | null) => void }) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const starting = useStartUsersExport();
  const status = useExportStatus(jobId);
  const current = status.data?.jobId === jobId ? status.data : undefined;
  const state = current?.state;

  useEffect(() => {
    if (!jobId) return;
    if (status.isError) {
      onError(errorMessage(status.error));
      setJobId(null);
    } else if (state === 'failed' || state === 'expired') {
      onError(current!.message);
      setJobId(null);
    }
  }, [jobId, status.isError, status.error, state, current, onError]);

  const start = () => {
    onError(null);
    setJobId(null);
    starting.mutate(filters, { onSuccess: ({ jobId: id }) => setJobId(id), onError: (error) => onError(errorMessage(error)) });
  };
  const download = async () => {
    if (!current?.fileUrl) return;
    setDownloading(true);
    try {
      await downloadExportFile({ fileUrl: current.fileUrl, fileName: current.fileName ?? 'users.xlsx' });
    } catch (error) {
      onError(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };
  const preparing = Boolean(jobId) && state !== 'done';

  return (
    <Group gap="xs">
      <Button variant="default" onClick={start} loading={starting.isPending || preparing} loaderProps={{ type: 'dots' }}>
        Export to Excel
      </Button>
      {preparing ? (
        <Group gap={6} role="status" aria-live="polite">
          <Progress value={current?.progress ?? 0} animated striped w={100} aria-label="Export progress" />
          <Text size="sm">
            {current?.message || 'Preparing file…'} ({current?.progress ?? 0}%)
          </Text>
        </Group>
      ) : null}
      {state === 'done' && current?.fileUrl ? (
        <Button variant="light" onClick={() => void download()} loading={downloading}>
          Download {current.fileName}
        </Button>
      ) : null}
    </Group>
  );
}
