import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { type TSuperadminUserAction, type TSuperadminUserRow } from '@hireflow/contracts/superadmin';
import { useActOnPlatformUser } from '../api/act-on-platform-user';
import { ReasonDialog } from './reason-dialog';

const wording: Record<TSuperadminUserAction, { button: string; title: (name: string) => string; body: (u: TSuperadminUserRow) => string; confirm: string; color?: string }> = {
  disable: {
    button: 'Disable',
    title: (name) => `Disable ${name}?`,
    body: () => 'They are signed out everywhere now and cannot sign in until you enable them again. Their seat is freed.',
    confirm: 'Disable user',
    color: 'red',
  },
  enable: {
    button: 'Enable',
    title: (name) => `Enable ${name}?`,
    body: () => 'They can sign in again and take a seat of their company.',
    confirm: 'Enable user',
  },
  'reset-link': {
    button: 'Send reset link',
    title: (name) => `Send ${name} a password-reset link?`,
    body: (u) => `A link to choose a new password is mailed to ${u.email}. Their current password keeps working until they use it.`,
    confirm: 'Send link',
  },
};

function PlatformUserActionButton({ user, action, disabledReason }: { user: TSuperadminUserRow; action: TSuperadminUserAction; disabledReason?: string }) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const act = useActOnPlatformUser({
    onSuccess: (answer) => {
      setOpened(false);
      notifications.show({ message: answer.message, color: 'pastel-green' });
    },
  });
  const words = wording[action];
  return (
    <>
      <Button
        size="xs"
        variant="default"
        color={words.color}
        disabled={!!disabledReason}
        title={disabledReason}
        onClick={() => {
          setReason('');
          act.reset();
          setOpened(true);
        }}
        aria-label={`${words.button} ${user.name}`}
      >
        {words.button}
      </Button>
      <ReasonDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={words.title(user.name)}
        body={words.body(user)}
        keptIn="Kept in the platform audit log"
        reason={reason}
        onReasonChange={setReason}
        onConfirm={() => act.mutate({ id: user.id, action, reason })}
        confirmLabel={words.confirm}
        color={words.color}
        pending={act.isPending}
        error={act.isError ? act.error : null}
      />
    </>
  );
}

/** Disable or enable, and (for an active user) mail a reset link; never disable oneself. */
export function PlatformUserActions({ user, selfId }: { user: TSuperadminUserRow; selfId: string | null }) {
  const self = user.id === selfId;
  return (
    <Group gap="xs" wrap="nowrap">
      {user.status === 'active' ? (
        <>
          <PlatformUserActionButton user={user} action="disable" disabledReason={self ? 'You cannot disable your own account' : undefined} />
          <PlatformUserActionButton user={user} action="reset-link" />
        </>
      ) : (
        <PlatformUserActionButton user={user} action="enable" />
      )}
    </Group>
  );
}
