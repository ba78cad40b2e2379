import { Title } from '@mantine/core';

/** /referral-campaign: promote open jobs to employees (being built: issue 17). */
export default function Page() {
  return <Title order={1}>Referral campaigns</Title>;
}
