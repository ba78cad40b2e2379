import { useState, type FormEvent } from 'react';
import { Button, Radio, Stack, Text } from '@mantine/core';
import { Navigate } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import type { TStoredUser } from '@hireflow/contracts/users';
import { AuthLayout } from '@/components/auth-layout';
import { FormAlert } from '@/components/form-alert';
import { GoOnward } from '@/app/guards/go-onward';
import { isRegisteredPath } from '@/app/routes/app-routes';
import { useUpdateCustomerState } from '@/features/auth/api/update-customer-state';
import { errorMessage } from '@/lib/api-client';
import { updateStoredUser, useSession } from '@/lib/session';

/** The admin's first-run choices: where to start. A choice whose page is not built yet lands on the dashboard. */
const startingPoints = [
  { value: 'job', label: 'Post a job', path: Paths.jobsAll },
  { value: 'team', label: 'Invite my team', path: '/company-settings/manage-users' },
  { value: 'careers', label: 'Set up our careers page', path: '/company-settings/career-site' },
  { value: 'dashboard', label: 'Look around first', path: Paths.dashboard },
] as const;

export default function UserOptionsPage() {
  const { token, user } = useSession();
  const [chosenPath, setChosenPath] = useState<string | null>(null);
  if (chosenPath) return <Navigate to={chosenPath} replace />;
  if (!token || !user) return <Navigate to={Paths.login} replace />;
  if (!user.admin || !user.customerState || user.customerState.userOptionsPage) return <GoOnward user={user} />;
  return <UserOptionsForm user={user} customerState={user.customerState} onDone={setChosenPath} />;
}

type FormProps = { user: TStoredUser; customerState: NonNullable<TStoredUser['customerState']>; onDone: (path: string) => void };

function UserOptionsForm({ user, customerState, onDone }: FormProps) {
  const update = useUpdateCustomerState();
  const [choice, setChoice] = useState<string>('dashboard');

  const finish = (event: FormEvent) => {
    event.preventDefault();
    const target = startingPoints.find((p) => p.value === choice)?.path ?? Paths.dashboard;
    update.mutate(
      { id: user.customer?.id ?? '' },
      {
        onSuccess: (company) => {
          onDone(isRegisteredPath(target) ? target : Paths.dashboard);
          updateStoredUser({ ...user, customerState: { ...customerState, slug: company.slug, userOptionsPage: company.userOptionsPage } });
        },
      },
    );
  };

  return (
    <AuthLayout title="Welcome to Hireflow" size={520}>
      <Text>You are the admin of {user.customer?.name ?? 'your company'}. Where would you like to start?</Text>
      <form onSubmit={finish}>
        <Stack gap="md">
          <FormAlert message={update.isError ? errorMessage(update.error) : null} />
          <Radio.Group label="Starting point" value={choice} onChange={setChoice}>
            <Stack gap="xs" mt="xs">
              {startingPoints.map((point) => (
                <Radio key={point.value} value={point.value} label={point.label} />
              ))}
            </Stack>
          </Radio.Group>
          <Button type="submit" loading={update.isPending} fullWidth>
            Finish
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
