import { Title } from '@mantine/core';

/** /agencies-login/:customerslug/:agencyid: an agency user's sign-in (being built: issue 17). */
export default function Page() {
  return (
    <main>
      <Title order={1}>Agency sign-in</Title>
    </main>
  );
}
