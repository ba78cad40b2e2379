import { Title } from '@mantine/core';

/** /applied-by-agencies: the agency portal (being built: issue 17). */
export default function Page() {
  return (
    <main>
      <Title order={1}>Agency portal</Title>
    </main>
  );
}
