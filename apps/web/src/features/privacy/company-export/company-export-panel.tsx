import { Alert, Button, Group, List, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { ExportButton } from '@/components/export-button';
import { startCompanyExport } from '../api/company-export';

/**
 * The whole company's data as one ZIP, prepared in the background (the shared export button shows the
 * progress and then the download). What it holds and leaves out is said before anyone starts it.
 */
export function CompanyExportPanel() {
  const [error, setError] = useState<string | null>(null);
  const [proceed, setProceed] = useState<(() => void) | null>(null);
  const onError = useCallback((message: string | null) => setError(message), []);
  const confirm = useCallback((go: () => void) => setProceed(() => go), []);

  return (
    <Stack gap="md">
      <Title order={1}>Company data export</Title>
      <Text maw={720}>
        Download everything your company keeps here as one ZIP file: for moving to another system, keeping an archive, or answering a legal request. It is prepared in the background; you may leave this page and
        come back. The file is yours alone and is deleted after 24 hours.
      </Text>
      <Group align="stretch" grow wrap="wrap">
        <Paper withBorder p="md" radius="md" component="section" aria-label="What the export contains">
          <Title order={2} fz="h4" mb="xs">
            What it contains
          </Title>
          <List spacing={4} size="sm">
            <List.Item>The company&apos;s settings and profile (company.json)</List.Item>
            <List.Item>Every kind of record the company owns, as JSON: candidates, applications, notes, jobs, interviews, offers, users, templates, reports&apos; data, the audit trail and the rest</List.Item>
            <List.Item>Every stored file: résumés, documents, letters, the logo</List.Item>
            <List.Item>A README.txt listing each collection with its number of records</List.Item>
          </List>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-label="What the export leaves out">
          <Title order={2} fz="h4" mb="xs">
            What it leaves out
          </Title>
          <List spacing={4} size="sm">
            <List.Item>Passwords, API key and link hashes, sign-in sessions and one-time codes</List.Item>
            <List.Item>Mailbox and calendar connection tokens, webhook signing secrets</List.Item>
            <List.Item>Candidates&apos; privacy links, the background job queue and rate-limit counters</List.Item>
            <List.Item>Other users&apos; own exports</List.Item>
          </List>
        </Paper>
      </Group>
      <ExportButton start={startCompanyExport} onError={onError} confirm={confirm} label="Export all company data" fallbackFileName="company-export.zip" />
      {error ? (
        <Alert color="red" role="alert" title="The export did not work" maw={720}>
          {error} Start it again with the button above.
        </Alert>
      ) : null}
      <Modal opened={proceed !== null} onClose={() => setProceed(null)} title="Export all company data?">
        <Stack>
          <Text>The ZIP holds personal data of every candidate and user of the company. Keep it safe, and delete it once it has served its purpose.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setProceed(null)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                proceed?.();
                setProceed(null);
              }}
            >
              Start the export
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
