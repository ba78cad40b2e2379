import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { OtpRules } from '@hireflow/contracts/auth-constants';
import { FormAlert } from '@/components/form-alert';

export type OtpCodeFieldsProps = {
  email: string;
  /** The code input's props from the caller's form. */
  codeInput: GetInputPropsReturnType;
  error: string | null;
  signingIn: boolean;
  secondsLeft: number;
  resending: boolean;
  onResend: () => void;
  onChangeEmail: () => void;
};

/** The second step of every one-time-code sign-in (staff and agencies): the code, resend after a countdown, change email. */
export function OtpCodeFields({ email, codeInput, error, signingIn, secondsLeft, resending, onResend, onChangeEmail }: OtpCodeFieldsProps) {
  return (
    <Stack gap="md">
      <FormAlert message={error} />
      <FormAlert tone="success" message={`We sent a ${OtpRules.length}-digit code to ${email}.`} />
      <TextInput label="6-digit code" inputMode="numeric" autoComplete="one-time-code" maxLength={OtpRules.length} required autoFocus {...codeInput} />
      <Button type="submit" loading={signingIn} fullWidth>
        Sign in
      </Button>
      <Group justify="space-between">
        <Button variant="default" size="compact-sm" onClick={onChangeEmail}>
          Change email
        </Button>
        <Button variant="default" size="compact-sm" disabled={secondsLeft > 0} loading={resending} onClick={onResend}>
          {secondsLeft > 0 ? `Resend code in ${secondsLeft} s` : 'Resend code'}
        </Button>
      </Group>
      <Text size="xs">The code is valid for {OtpRules.ttlMinutes} minutes.</Text>
    </Stack>
  );
}
