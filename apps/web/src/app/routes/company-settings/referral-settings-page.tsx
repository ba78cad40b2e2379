import { Title } from '@mantine/core';

/** /company-settings/referral-settings: reward rules (being built: issue 17). */
export default function Page() {
  return <Title order={1}>Referral settings</Title>;
}
