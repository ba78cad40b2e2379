import { Title } from '@mantine/core';

/** /gmailAuth, /outlookauth, /calenderAuth, /googleCalender, /outlookcalender (built in issue 18). */
export default function ConnectCallbackPage() {
  return (
    <main>
      <Title order={1}>Connecting</Title>
    </main>
  );
}
