import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';

/** The 404 content: inside the shell as is (its `main` holds it); signed out, /404 and /notFound wrap it in `main`. */
export function NotFoundContent() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1}>Page not found</Title>
        <Text>The page you are looking for does not exist or you do not have access to it.</Text>
        <Anchor component={Link} to={Paths.home}>
          Go to the start page
        </Anchor>
      </Stack>
    </Center>
  );
}
