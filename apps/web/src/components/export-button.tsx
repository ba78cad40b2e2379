import { Button, Group, Progress, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { downloadExportFile, useExportStatus } from '@/lib/export-jobs';

/**
 * Starts a background Excel export (lib/export-jobs) and follows it: the progress while the file is
 * prepared (the page may be left and the API restarted), then a download button. `start` asks the API
 * for the export and answers its job id. onError(null): the last error no longer applies. `confirm`, when
 * given, is asked first and calls `proceed` once the user agrees (a large export behind a dialog).
 */
export function ExportButton({
  start,
  onError,
  label = 'Export to Excel',
  fallbackFileName = 'export.xlsx',
  disabled = false,
  confirm,
}: {
  start: () => Promise<{ jobId: string }>;
  onError: (message: string | null) => void;
  label?: string;
  fallbackFileName?: string;
  disabled?: boolean;
  confirm?: (proceed: () => void) => void;
}) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const starting = useMutation({ mutationFn: start });
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

  const run = () => {
    onError(null);
    setJobId(null);
    starting.mutate(undefined, { onSuccess: ({ jobId: id }) => setJobId(id), onError: (error) => onError(errorMessage(error)) });
  };
  const begin = () => (confirm ? confirm(run) : run());
  const download = async () => {
    if (!current?.fileUrl) return;
    setDownloading(true);
    try {
      await downloadExportFile({ fileUrl: current.fileUrl, fileName: current.fileName ?? fallbackFileName });
    } catch (error) {
      onError(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };
  const preparing = Boolean(jobId) && state !== 'done';

  return (
    <Group gap="xs">
      <Button variant="default" onClick={begin} disabled={disabled} loading={starting.isPending || preparing} loaderProps={{ type: 'dots' }}>
        {label}
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
