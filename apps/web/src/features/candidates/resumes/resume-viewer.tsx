import { Alert, Badge, Box, Button, FileButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ResumeUpload } from '@hireflow/contracts/candidates';
import { ResumeMessagesWeb, type TResumePreview } from '@hireflow/contracts/candidates-resumes';
import { api, errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { saveBlob, useObjectUrl } from '@/lib/blob-files';
import { useFileBlobUrl, useResumePreview, useUploadResume } from './resumes-api';
import { managesCandidates } from '../manages-candidates';

const PdfType = 'application/pdf';
const DocxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function download(preview: TResumePreview) {
  const res = await api.get<Blob>(`/api/files/${preview.fileId}`, { responseType: 'blob' });
  saveBlob(new Blob([res.data], { type: preview.kind === 'pdf' ? PdfType : DocxType }), preview.filename);
}

function TextStateBadge({ state }: { state: TResumePreview['textState'] }) {
  if (state === 'unreadable')
    return (
      <Badge color="orange" variant="light" title="The résumé is kept, but its text could not be read (a scanned image or a damaged file), so search does not find words in it.">
        {ResumeMessagesWeb.textNotReadable}
      </Badge>
    );
  if (state === 'pending')
    return (
      <Badge color="gray" variant="light">
        Reading text…
      </Badge>
    );
  return null;
}

function PdfView({ preview }: { preview: TResumePreview }) {
  const file = useFileBlobUrl(preview.fileId, PdfType);
  const url = useObjectUrl(file.data);
  if (file.isError) return <Alert color="red">{errorMessage(file.error)}</Alert>;
  if (!url) return <Loader size="sm" role="progressbar" aria-label="Loading the résumé" />;
  return (
    // A frame, not an <object>: the pages' CSP refuses plugins (object-src 'none') and allows blob: frames.
    <iframe src={url} title={`Résumé: ${preview.filename}`} style={{ width: '100%', height: '75vh', border: 0 }} />
  );
}

/** Replace or add a résumé (recruiters and admins): a PDF or DOCX of at most 5 MB. */
function UploadButton({ candidateId, hasResume }: { candidateId: string; hasResume: boolean }) {
  const upload = useUploadResume(candidateId);
  return (
    <Stack gap={4}>
      <FileButton accept={ResumeUpload.accept} onChange={(file) => file && upload.mutate(file)}>
        {(props) => (
          <Button {...props} size="xs" variant="light" loading={upload.isPending}>
            {hasResume ? 'Replace résumé' : 'Upload résumé'}
          </Button>
        )}
      </FileButton>
      {upload.isError ? (
        <Text c="red" size="sm" role="alert">
          {errorMessage(upload.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * A candidate's résumé inline: a PDF in the browser's own viewer (from an authorised blob URL), a
 * DOCX as the sanitised HTML the API converted, a download button, whether its text could be read,
 * and for recruiters and admins a button to upload or replace it.
 */
export function ResumeViewer({ candidateId }: { candidateId: string }) {
  const { user } = useSession();
  const preview = useResumePreview(candidateId);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const canUpload = managesCandidates(user);
  if (preview.isPending) return <Loader size="sm" role="progressbar" aria-label="Loading the résumé" />;
  if (preview.isError) return <Alert color="red">{errorMessage(preview.error)}</Alert>;
  const data = preview.data;
  return (
    <Stack gap="sm" aria-label="Résumé">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text fw={600}>{data.kind === 'none' ? 'No résumé' : data.filename}</Text>
          <TextStateBadge state={data.textState} />
        </Group>
        <Group gap="xs" align="flex-start">
          {data.fileId ? (
            <Button size="xs" variant="default" onClick={() => download(data).then(() => setDownloadError(null), (e: unknown) => setDownloadError(errorMessage(e)))}>
              Download
            </Button>
          ) : null}
          {canUpload ? <UploadButton candidateId={candidateId} hasResume={data.kind !== 'none'} /> : null}
        </Group>
      </Group>
      {downloadError ? (
        <Text c="red" size="sm" role="alert">
          {downloadError}
        </Text>
      ) : null}
      {data.kind === 'pdf' ? <PdfView preview={data} /> : null}
      {data.kind === 'html' ? (
        <Paper withBorder p="md">
          {/* Converted from DOCX and sanitised by the API (no scripts, styles or handlers). */}
          <Box className="resume-html" data-testid="resume-html" dangerouslySetInnerHTML={{ __html: data.html ?? '' }} />
        </Paper>
      ) : null}
      {data.kind === 'none' ? (
        <Text size="sm" c="dimmed">
          {data.fileId ? 'This résumé cannot be shown here.' : 'No résumé has been added yet.'}
        </Text>
      ) : null}
    </Stack>
  );
}
