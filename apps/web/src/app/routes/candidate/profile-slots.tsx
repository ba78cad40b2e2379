import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { TCandidateProfile } from '@hireflow/contracts/candidates-profile';
import { downloadFile } from '@/features/jobs/api/download-file';
import { errorMessage } from '@/lib/api-client';

/**
 * SLOT: the résumé viewer (PDF inline, DOCX as HTML) from the résumés part of issue 13 goes here as
 * `<ResumeViewer candidateId={candidateId} />`. Until it is plugged in, the profile offers the file as a download.
 */
export function ResumeSlot({ candidateId, resume }: { candidateId: string; resume: TCandidateProfile['resume'] }) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Résumé" data-candidate-id={candidateId}>
      <Title order={2} fz="h4" mb="sm">
        Résumé
      </Title>
      {resume ? (
        <Group gap="xs">
          <Anchor component="button" type="button" onClick={() => downloadFile(resume.fileId, resume.filename).catch((e) => setProblem(errorMessage(e)))}>
            Download {resume.filename}
          </Anchor>
          {resume.textState === 'unreadable' ? <Text fz="sm" c="dimmed">(its text could not be read for search)</Text> : null}
        </Group>
      ) : (
        <Text c="dimmed">No résumé on file.</Text>
      )}
      {problem ? (
        <Text c="red" fz="sm" role="alert">
          {problem}
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * SLOT: the likely-duplicates list with its "Merge" action (duplicates part of issue 13) goes here as
 * `<DuplicatesPanel candidateId={candidateId} />`. Shown to those who may change the database.
 */
export function DuplicatesSlot({ candidateId }: { candidateId: string }) {
  void candidateId;
  return null;
}
