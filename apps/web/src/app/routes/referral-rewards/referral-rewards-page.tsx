import { Title } from '@mantine/core';

/** /referral-rewards: rewards (admins: all, with approve, pay, forfeit and export; others: their own) (being built: issue 17). */
export default function Page() {
  return <Title order={1}>Referral rewards</Title>;
}
