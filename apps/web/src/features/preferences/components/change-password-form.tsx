import { Button, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZChangePasswordRequest } from '@hireflow/contracts/preferences';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import { useChangePassword } from '../api/profile';

const order = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Changing the password needs the current one; other sessions end. */
export function ChangePasswordForm() {
  const form = useForm({ initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' }, validate: zodValidate(ZChangePasswordRequest) });
  const change = useChangePassword();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="password-heading">
      <form onSubmit={form.onSubmit((values) => change.mutate(values, { onSuccess: () => form.reset() }), focusFirstError(form, order))} noValidate>
        <Stack maw={420}>
          <Title order={2} size="h3" id="password-heading">
            Change password
          </Title>
          <FormAlert message={change.isError ? errorMessage(change.error) : change.isSuccess ? change.data.message : null} tone={change.isError ? 'error' : 'success'} />
          <PasswordInput label="Current password" autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
          <PasswordInput label="New password" autoComplete="new-password" required {...form.getInputProps('newPassword')} />
          <PasswordInput label="Confirm new password" autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
          <Group>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
