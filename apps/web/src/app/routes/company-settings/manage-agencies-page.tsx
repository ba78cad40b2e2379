import { Title } from '@mantine/core';

/** /company-settings/manage-agencies: invite, change, pause agencies (being built: issue 17). */
export default function Page() {
  return <Title order={1}>Agencies</Title>;
}
