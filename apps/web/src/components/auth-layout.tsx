import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { ProductName } from '@hireflow/contracts/constants';

/** The frame of every front-door page: one `main`, one h1, a card. */
export function AuthLayout({ title, children, size = 440 }: { title: string; children: ReactNode; size?: number }) {
  return (
    <main>
      <Container size={size} py={48}>
        <Stack gap="lg">
          <Text fw={700} fz="xl" ta="center" c="pastel-green.9">
            {ProductName}
          </Text>
          <Paper withBorder shadow="sm" p="xl" radius="md">
            <Stack gap="md">
              <Title order={1} fz="h2">
                {title}
              </Title>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </main>
  );
}
