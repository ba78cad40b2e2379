import { Title } from '@mantine/core';

/** /agency-approval/:agencyId: the agency, its chain and history (being built: issue 17). */
export default function Page() {
  return <Title order={1}>Agency approval</Title>;
}
