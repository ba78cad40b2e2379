import { Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ZProfileUpdateRequest } from '@hireflow/contracts/preferences';
import type { TStoredUser } from '@hireflow/contracts/users';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { timeZoneOptions } from '@/lib/time-zones';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import { useUpdateProfile } from '../api/profile';

type Values = { firstName: string; lastName: string; mobile: string; timezone: string; location: string | null };
const order = ['firstName', 'lastName', 'mobile', 'timezone', 'location'] as const;

/** My name, mobile, time zone and office location. */
export function ProfileForm({ user, locations }: { user: TStoredUser; locations: { value: string; label: string }[] }) {
  const form = useForm<Values>({
    initialValues: { firstName: user.firstName, lastName: user.lastName, mobile: user.mobile ?? '', timezone: user.timezone ?? 'UTC', location: user.location?.id ?? null },
    validate: zodValidate(ZProfileUpdateRequest),
  });
  const save = useUpdateProfile({ onSuccess: () => notifications.show({ message: 'Profile saved', color: 'pastel-green' }) });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="profile-heading">
      <form onSubmit={form.onSubmit((values) => save.mutate(values), focusFirstError(form, order))} noValidate>
        <Stack>
          <Title order={2} size="h3" id="profile-heading">
            Profile
          </Title>
          <FormAlert message={save.isError ? errorMessage(save.error) : null} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" required {...form.getInputProps('firstName')} />
            <TextInput label="Last name" required {...form.getInputProps('lastName')} />
            <TextInput label="Email" value={user.email} readOnly description="Ask an admin to change your email" />
            <TextInput label="Mobile" {...form.getInputProps('mobile')} />
            <Select label="Time zone" searchable allowDeselect={false} data={timeZoneOptions(form.values.timezone)} {...form.getInputProps('timezone')} />
            <Select label="Location" clearable searchable data={locations} {...form.getInputProps('location')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
