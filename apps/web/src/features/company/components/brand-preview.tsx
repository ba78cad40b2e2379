import { Box, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { BrandTextColor } from '@hireflow/contracts/company';

type Props = { color: string; logoUrl: string | null; companyName: string };

function Logo({ logoUrl, companyName, h }: { logoUrl: string | null; companyName: string; h: number }) {
  return logoUrl ? (
    <Image src={logoUrl} alt={`${companyName} logo`} h={h} w="auto" fit="contain" />
  ) : (
    <Text fw={700} size="lg">
      {companyName}
    </Text>
  );
}

/** How candidates see the colour and logo: a career-site header with a button, and a mail's header. */
export function BrandPreview({ color, logoUrl, companyName }: Props) {
  return (
    <Stack gap="md" aria-label="Preview" role="group">
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-label="Career site preview" role="figure">
        <Group justify="space-between" p="md" style={{ borderBottom: `4px solid ${color}` }}>
          <Logo logoUrl={logoUrl} companyName={companyName} h={40} />
          <Text component="span" c={color} fw={500} style={{ textDecoration: 'underline' }}>
            All jobs
          </Text>
        </Group>
        <Stack p="md" gap="xs">
          <Title order={3} size="h4">
            Senior Platform Engineer
          </Title>
          <Text size="sm" c="dimmed">
            Berlin · Full time
          </Text>
          <Box>
            <Button tabIndex={-1} aria-hidden="true" styles={{ root: { backgroundColor: color, color: BrandTextColor } }}>
              Apply now
            </Button>
          </Box>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-label="Mail preview" role="figure">
        <Box p="sm" style={{ backgroundColor: color, color: BrandTextColor }}>
          <Text fw={700} c={BrandTextColor}>
            {companyName}
          </Text>
        </Box>
        <Stack p="md" gap={4}>
          <Text size="sm">Dear Alex,</Text>
          <Text size="sm">Thank you for applying. We will be in touch within a week.</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
