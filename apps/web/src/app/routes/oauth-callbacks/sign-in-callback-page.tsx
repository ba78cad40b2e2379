import { Title } from '@mantine/core';

/** /googleSignin, /outlooksigninauth, /googleSignup, /outlooksignupauth (built in issue 18). */
export default function SignInCallbackPage() {
  return (
    <main>
      <Title order={1}>Signing you in</Title>
    </main>
  );
}
