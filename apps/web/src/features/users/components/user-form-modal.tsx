import { Button, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AdditionalRoles } from '@hireflow/contracts/roles';
import { AdditionalRoleLabels, ManagerLimit, ZAdminSignupRequest, ZUserProfileUpdateRequest, type TUserRow } from '@hireflow/contracts/users';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { timeZoneOptions } from '@/lib/time-zones';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import { useAddUser } from '../api/add-user';
import { useUpdateUser } from '../api/update-user';
import type { OrgChoices } from './org-choices';
import { UsersPicker } from './user-picker';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  eCode: string;
  role: 'recruiter' | 'employee';
  addlRoles: string[];
  buItemId: string | null;
  department: string | null;
  location: string | null;
  timezone: string;
  managers: string[];
};

const order = ['firstName', 'lastName', 'email', 'mobile', 'eCode', 'role', 'timezone', 'managers'] as const;

function initialValues(user: TUserRow | null): Values {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
    eCode: user?.eCode ?? '',
    role: user?.role ?? 'employee',
    addlRoles: user?.addlRoles ?? [],
    buItemId: user?.buItemId?.id ?? null,
    department: user?.department?.id ?? null,
    location: user?.location?.id ?? null,
    timezone: user?.timezone ?? 'UTC',
    managers: user?.managers.map((m) => m.id) ?? [],
  };
}

/** Add a user (the API mails the invitation) or edit one; the same fields and the contracts' rules. */
export function UserFormModal({ opened, user, org, onClose, onSaved }: { opened: boolean; user: TUserRow | null; org: OrgChoices; onClose: () => void; onSaved: (message: string, warning?: boolean) => void }) {
  const editing = Boolean(user);
  // Nobody changes their own roles (the API refuses it too).
  const signedInId = useSession().user?.id;
  const isSelf = Boolean(user) && signedInId === user?.id;
  const selfNote = isSelf ? 'Another admin must change your own roles' : undefined;
  const form = useForm<Values>({ initialValues: initialValues(user), validate: zodValidate(editing ? ZUserProfileUpdateRequest : ZAdminSignupRequest) });
  const add = useAddUser({ onSuccess: (data) => onSaved(data.message, !data.invitationSent) });
  const update = useUpdateUser({ onSuccess: () => onSaved('User saved') });
  const mutation = editing ? update : add;

  const submit = form.onSubmit((values) => {
    const body = { ...values, addlRoles: values.addlRoles as TUserRow['addlRoles'] };
    if (user) update.mutate({ id: user.id, body });
    else add.mutate(body);
  }, focusFirstError(form, order));

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? `Edit ${user?.fullName}` : 'Add user'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={mutation.isError ? errorMessage(mutation.error) : null} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" required data-autofocus {...form.getInputProps('firstName')} />
            <TextInput label="Last name" required {...form.getInputProps('lastName')} />
            <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
            <TextInput label="Mobile" {...form.getInputProps('mobile')} />
            <TextInput label="Employee code" {...form.getInputProps('eCode')} />
            <Select label="Role" required allowDeselect={false} data={[{ value: 'recruiter', label: 'Recruiter' }, { value: 'employee', label: 'Employee' }]} disabled={isSelf} description={selfNote} {...form.getInputProps('role')} />
            <MultiSelect label="Additional roles" data={AdditionalRoles.map((r) => ({ value: r, label: `${AdditionalRoleLabels[r]} (${r})` }))} disabled={isSelf} description={selfNote} {...form.getInputProps('addlRoles')} />
            <Select label="Business unit" clearable searchable data={org.businessUnits} {...form.getInputProps('buItemId')} />
            <Select label="Department" clearable searchable data={org.departments} {...form.getInputProps('department')} />
            <Select label="Location" clearable searchable data={org.locations} {...form.getInputProps('location')} />
            <Select label="Time zone" searchable allowDeselect={false} data={timeZoneOptions(form.values.timezone)} {...form.getInputProps('timezone')} />
            <UsersPicker label="Managers" named={user?.managers} exclude={user ? [user.id] : []} max={ManagerLimit} value={form.values.managers} onChange={(ids) => form.setFieldValue('managers', ids)} error={form.errors.managers} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {editing ? 'Save' : 'Add user and send invitation'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
