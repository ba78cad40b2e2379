import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ReportCatalog, ReportThemeLabels, ReportThemes, type TAnyReportName } from '@hireflow/contracts/reports';

/** The reports grouped by theme, each a link with one line on what it shows. */
export function ReportList({ names, pathOf }: { names: readonly TAnyReportName[]; pathOf: (name: TAnyReportName) => string }) {
  const themes = ReportThemes.map((theme) => ({ theme, names: names.filter((n) => ReportCatalog[n].theme === theme) })).filter((t) => t.names.length > 0);
  return (
    <Stack gap="lg">
      {themes.map(({ theme, names: inTheme }) => (
        <Stack key={theme} gap="xs" component="section" aria-labelledby={`theme-${theme}`}>
          <Title order={2} fz="h3" id={`theme-${theme}`}>
            {ReportThemeLabels[theme]}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {inTheme.map((name) => (
              <Paper key={name} component="li" withBorder p="md" radius="md">
                <Anchor component={Link} to={pathOf(name)} fw={600}>
                  {ReportCatalog[name].title}
                </Anchor>
                <Text size="sm" c="dimmed" mt={4}>
                  {ReportCatalog[name].blurb}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
