import { Title } from '@mantine/core';

/** /employee-referral/:positionId: refer someone to an open job (being built: issue 17). */
export default function Page() {
  return <Title order={1}>Refer a friend</Title>;
}
