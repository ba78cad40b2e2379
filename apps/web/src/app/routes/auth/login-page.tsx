import { Suspense, lazy, useState } from 'react';
import { Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { AuthLayout } from '@/components/auth-layout';
import { PasswordSignIn } from '@/features/auth/components/password-sign-in';
import { ProviderChoice } from '@/features/auth/components/provider-choice';
import { StepLoading } from '@/features/auth/components/step-loading';
import { loadChunk } from '../lazy-page';

// The one-time-code and forgot-password modes load when the user picks them, keeping /login's first load small.
const OtpSignIn = lazy(() => loadChunk(() => import('@/features/auth/components/otp-sign-in')).then((m) => ({ default: m.OtpSignIn })));
const ForgotPasswordForm = lazy(() =>
  loadChunk(() => import('@/features/auth/components/forgot-password-form')).then((m) => ({ default: m.ForgotPasswordForm })),
);

type Mode = 'password' | 'otp' | 'forgot';

const titles: Record<Mode, string> = {
  password: 'Sign in',
  otp: 'Sign in with a one-time code',
  forgot: 'Reset your password',
};

/**
 * /login: password, OTP and forgot-password modes; the email typed in one mode carries to the next, and to
 * Google or Microsoft as login hint when those are configured.
 */
export default function LoginPage() {
  const [mode, setMode] = useState<Mode>('password');
  const [email, setEmail] = useState('');

  return (
    <AuthLayout title={titles[mode]}>
      {mode === 'password' ? <PasswordSignIn key="password" email={email} onEmailChange={setEmail} onUseOtp={() => setMode('otp')} /> : null}
      <Suspense fallback={<StepLoading />}>
        {mode === 'otp' ? <OtpSignIn key="otp" email={email} onEmailChange={setEmail} /> : null}
        {mode === 'forgot' ? <ForgotPasswordForm key="forgot" email={email} onEmailChange={setEmail} /> : null}
      </Suspense>
      {mode !== 'forgot' ? <ProviderChoice purpose="sign-in" email={email} /> : null}

      <Group justify="space-between" gap="xs">
        {mode !== 'password' ? (
          <Button variant="default" size="compact-sm" onClick={() => setMode('password')}>
            Sign in with password
          </Button>
        ) : null}
        {mode !== 'otp' ? (
          <Button variant="default" size="compact-sm" onClick={() => setMode('otp')}>
            Sign in with a one-time code
          </Button>
        ) : null}
        {mode !== 'forgot' ? (
          <Button variant="default" size="compact-sm" onClick={() => setMode('forgot')}>
            Forgot password?
          </Button>
        ) : null}
      </Group>

      <Divider />
      <Stack gap={4}>
        <Text size="sm">
          New company?{' '}
          <Anchor component={Link} to={Paths.signup}>
            Create an account
          </Anchor>
        </Text>
        <Text size="sm">
          Joining your company?{' '}
          <Anchor component={Link} to={Paths.employeeSignup}>
            Employee sign-up
          </Anchor>
        </Text>
      </Stack>
    </AuthLayout>
  );
}
