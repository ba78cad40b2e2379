import { Alert, Box, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TSpeedScreeningItem } from '@hireflow/contracts/pipeline';
import { errorMessage } from '@/lib/api-client';
import { useObjectUrl } from '@/lib/blob-files';
import { getApplicationResumeQueryOptions, getPdfBlobQueryOptions } from '../api/get-speed-screening';

function PdfResume({ fileId, filename }: { fileId: string; filename: string }) {
  const file = useQuery(getPdfBlobQueryOptions(fileId));
  const url = useObjectUrl(file.data);
  if (file.isError) return <Alert color="red">{errorMessage(file.error)}</Alert>;
  if (!url) return <Loader size="sm" role="progressbar" aria-label="Loading the résumé" />;
  return (
    // A frame, not an <object>: the pages' CSP refuses plugins (object-src 'none') and allows blob: frames.
    <iframe src={url} title={`Résumé: ${filename}`} style={{ width: '100%', height: '70vh', border: 0 }} />
  );
}

/** The résumé the applicant sent, inline: a PDF in the browser's viewer, a DOCX as the API's sanitised HTML. */
export function ScreeningResume({ item }: { item: TSpeedScreeningItem }) {
  const preview = useQuery({ ...getApplicationResumeQueryOptions(item.card.applicationId), enabled: Boolean(item.resume) });
  let body;
  if (!item.resume) body = <Text c="dimmed">No résumé came with this application.</Text>;
  else if (preview.isPending) body = <Loader size="sm" role="progressbar" aria-label="Loading the résumé" />;
  else if (preview.isError) body = <Alert color="red">{errorMessage(preview.error)}</Alert>;
  else if (preview.data.kind === 'pdf' && preview.data.fileId) body = <PdfResume fileId={preview.data.fileId} filename={preview.data.filename} />;
  else if (preview.data.kind === 'html')
    body = (
      <Paper withBorder p="md">
        {/* Converted from DOCX and sanitised by the API (no scripts, styles or handlers). */}
        <Box className="resume-html" dangerouslySetInnerHTML={{ __html: preview.data.html ?? '' }} />
      </Paper>
    );
  else body = <Text c="dimmed">This résumé cannot be shown here.</Text>;
  return (
    <Stack gap="xs" component="section" aria-label="Résumé">
      <Title order={2} fz="md">
        Résumé{item.resume ? `: ${item.resume.filename}` : ''}
      </Title>
      {body}
    </Stack>
  );
}
