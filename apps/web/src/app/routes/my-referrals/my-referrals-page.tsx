import { Title } from '@mantine/core';

/** /my-referrals: the caller's referrals with their coarse status and reward (being built: issue 17). */
export default function Page() {
  return <Title order={1}>My referrals</Title>;
}
