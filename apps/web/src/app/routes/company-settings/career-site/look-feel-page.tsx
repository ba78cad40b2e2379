import { Alert, Anchor, Button, ColorInput, Group, Image, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { checkBrandColor, CompanyMessages, DefaultBrandColor, MinBrandContrast, type TLookFeel } from '@hireflow/contracts/company';
import { useLookFeel, useSaveLookFeel } from '@/features/company/api/look-feel';
import { BrandPreview } from '@/features/company/components/brand-preview';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { useSession } from '@/lib/session';

/** company-settings/look-feel: the brand colour (checked for contrast as it is picked) and the logo candidates see. */
export default function LookFeelPage() {
  const lookFeel = useLookFeel();
  return (
    <Stack gap="md" maw={960}>
      <Title order={1}>Look and feel</Title>
      <Text c="dimmed">The career site, candidate pages (offers, self-scheduling, surveys) and mails show the brand colour and logo.</Text>
      {lookFeel.isPending ? (
        <Loader role="progressbar" aria-label="Loading the look and feel" />
      ) : lookFeel.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(lookFeel.error)}
        </Alert>
      ) : (
        <LookFeelEditor saved={lookFeel.data} />
      )}
    </Stack>
  );
}

function LookFeelEditor({ saved }: { saved: TLookFeel }) {
  const companyName = useSession().user?.customer?.name ?? 'Your company';
  const [color, setColor] = useState(saved.primaryColor);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveLookFeel({ onSuccess: () => notifications.show({ message: CompanyMessages.lookFeelSaved, color: 'pastel-green' }) });
  const check = checkBrandColor(color);
  const isColour = check.ok || check.ratio > 0;
  const pick = (next: string) => {
    setColor(next);
    setServerError(null);
  };
  const submit = () =>
    save.mutate(
      { primaryColor: color },
      {
        onError: (error) => setServerError(serverFieldErrors(error, ['primaryColor'])?.primaryColor?.toString() ?? errorMessage(error)),
      },
    );
  const unchanged = color.toLowerCase() === saved.primaryColor.toLowerCase() && !saved.isDefault;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Stack>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="brand-colour-heading">
          <Stack>
            <Title order={2} size="h3" id="brand-colour-heading">
              Brand colour
            </Title>
            <ColorInput
              label="Brand colour"
              description={`White text on it needs a contrast of at least ${MinBrandContrast}:1`}
              format="hex"
              value={color}
              onChange={pick}
              error={serverError ?? (check.ok ? undefined : isColour ? `This colour ${check.reason}` : `Enter a colour such as ${DefaultBrandColor}`)}
              swatches={[DefaultBrandColor, '#1c4e80', '#6b2c91', '#a61b29', '#005f73', '#3a3a3a']}
              eyeDropperButtonProps={{ 'aria-label': 'Pick a colour from the screen' }}
            />
            {check.ok ? (
              <Text size="sm" c="dimmed" aria-live="polite">
                Contrast {check.ratio.toFixed(2)}:1: readable.
              </Text>
            ) : check.suggestion ? (
              <Group>
                <Button variant="light" onClick={() => pick(check.suggestion!)}>
                  Use {check.suggestion}
                </Button>
              </Group>
            ) : null}
            <Group justify="space-between">
              <Button variant="subtle" onClick={() => pick(DefaultBrandColor)} disabled={color === DefaultBrandColor}>
                Reset to default
              </Button>
              <Button onClick={submit} disabled={!check.ok || unchanged} loading={save.isPending}>
                Save look and feel
              </Button>
            </Group>
            {saved.isDefault ? (
              <Text size="sm" c="dimmed">
                No colour chosen yet: candidates see the default, {DefaultBrandColor}.
              </Text>
            ) : null}
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="brand-logo-heading">
          <Stack>
            <Title order={2} size="h3" id="brand-logo-heading">
              Logo
            </Title>
            {saved.logoUrl ? <Image src={saved.logoUrl} alt="Current company logo" mah={80} w="auto" fit="contain" /> : <Text c="dimmed">No logo yet: candidates see the company name.</Text>}
            <Anchor component={Link} to="/company-settings/company-profile">
              Change the logo in the company profile
            </Anchor>
          </Stack>
        </Paper>
      </Stack>
      <section aria-labelledby="brand-preview-heading">
        <Title order={2} size="h3" id="brand-preview-heading" mb="sm">
          What candidates see
        </Title>
        <BrandPreview color={isColour ? color : saved.primaryColor} logoUrl={saved.logoUrl} companyName={companyName} />
      </section>
    </SimpleGrid>
  );
}
