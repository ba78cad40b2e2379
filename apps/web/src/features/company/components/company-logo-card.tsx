import { Alert, Button, Center, FileButton, Group, Image, Modal, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CompanyLimits, CompanyMessages } from '@hireflow/contracts/company';
import { errorMessage } from '@/lib/api-client';
import { useRemoveCompanyLogo, useUploadCompanyLogo } from '../api/company-logo';

/** Why a file cannot be the logo, checked before it is sent (the server checks again and resizes it). */
export function logoProblem(file: File): string | null {
  if (!(CompanyLimits.logoTypes as readonly string[]).includes(file.type)) return CompanyMessages.logoType;
  if (file.size > CompanyLimits.logoMaxBytes) return CompanyMessages.logoTooLarge;
  return null;
}

/** The current logo, its upload (with progress) and its removal (after a confirmation). */
export function CompanyLogoCard({ logoUrl }: { logoUrl: string | null }) {
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const upload = useUploadCompanyLogo({ onSuccess: () => notifications.show({ message: CompanyMessages.logoSaved, color: 'pastel-green' }) });
  const remove = useRemoveCompanyLogo({
    onSuccess: () => {
      setConfirming(false);
      notifications.show({ message: CompanyMessages.logoRemoved, color: 'pastel-green' });
    },
  });
  const choose = (file: File | null) => {
    if (!file) return;
    const refused = logoProblem(file);
    setProblem(refused);
    if (refused) return;
    setProgress(0);
    upload.mutate({ file, onProgress: setProgress }, { onSettled: () => setProgress(null) });
  };
  const error = problem ?? (upload.isError ? errorMessage(upload.error) : remove.isError && !confirming ? errorMessage(remove.error) : null);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="company-logo-heading">
      <Stack>
        <Title order={2} size="h3" id="company-logo-heading">
          Logo
        </Title>
        <Center bg="gray.0" p="md" style={{ borderRadius: 8, minHeight: 100 }}>
          {logoUrl ? <Image src={logoUrl} alt="Current company logo" maw={CompanyLimits.logoBox.width} mah={CompanyLimits.logoBox.height} fit="contain" /> : <Text c="dimmed">No logo yet</Text>}
        </Center>
        <Text size="sm" c="dimmed">
          PNG or JPEG, at most {CompanyLimits.logoMaxBytes / 1024 / 1024} MB. A larger image is resized to fit {CompanyLimits.logoBox.width} × {CompanyLimits.logoBox.height} pixels.
        </Text>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        {progress !== null ? <Progress value={progress} aria-label="Logo upload progress" animated /> : null}
        <Group>
          <FileButton onChange={choose} accept={CompanyLimits.logoTypes.join(',')}>
            {(props) => (
              <Button {...props} loading={upload.isPending}>
                {logoUrl ? 'Upload a new logo' : 'Upload a logo'}
              </Button>
            )}
          </FileButton>
          {logoUrl ? (
            <Button variant="default" color="red" onClick={() => setConfirming(true)}>
              Remove logo
            </Button>
          ) : null}
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Remove the logo?">
        <Stack>
          <Text>The career site, candidate pages, mails and offer letters show the company name instead until you upload another logo.</Text>
          {remove.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(remove.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(undefined)}>
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
