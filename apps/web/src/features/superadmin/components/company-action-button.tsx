import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { type TCompanyAction, type TCompanyRow, type TCompanyState } from '@hireflow/contracts/superadmin';
import { useActOnCompany } from '../api/act-on-company';
import { ReasonDialog } from './reason-dialog';

const wording: Record<TCompanyAction, { button: string; title: (name: string) => string; body: string; confirm: string; color?: string }> = {
  authorise: {
    button: 'Authorise',
    title: (name) => `Authorise ${name}?`,
    body: 'Its users can start using the product at once, and its admin gets a mail saying so.',
    confirm: 'Authorise company',
  },
  suspend: {
    button: 'Suspend',
    title: (name) => `Suspend ${name}?`,
    body: 'Every user of this company is signed out now and cannot sign in until you reinstate the company. Its career site goes offline.',
    confirm: 'Suspend company',
    color: 'red',
  },
  reinstate: {
    button: 'Reinstate',
    title: (name) => `Reinstate ${name}?`,
    body: 'Its users can sign in again, as before the suspension.',
    confirm: 'Reinstate company',
  },
};

/** Which actions a company in this state offers. */
export function actionsFor(state: TCompanyState): TCompanyAction[] {
  if (state === 'pending') return ['authorise', 'suspend'];
  if (state === 'active') return ['suspend'];
  return ['reinstate'];
}

/** One action on one company, behind a confirmation dialog with an optional reason for the history. */
export function CompanyActionButton({ company, action, size = 'xs' }: { company: TCompanyRow; action: TCompanyAction; size?: 'xs' | 'sm' }) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const act = useActOnCompany({
    onSuccess: (answer) => {
      setOpened(false);
      notifications.show({ message: answer.message, color: 'pastel-green' });
    },
  });
  const words = wording[action];
  const open = () => {
    setReason('');
    act.reset();
    setOpened(true);
  };
  return (
    <>
      <Button size={size} variant={action === 'authorise' ? 'filled' : 'default'} color={words.color} onClick={open} aria-label={`${words.button} ${company.name}`}>
        {words.button}
      </Button>
      <ReasonDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={words.title(company.name)}
        body={words.body}
        keptIn="Kept in the company's history"
        reason={reason}
        onReasonChange={setReason}
        onConfirm={() => act.mutate({ id: company.id, action, reason })}
        confirmLabel={words.confirm}
        color={words.color}
        pending={act.isPending}
        error={act.isError ? act.error : null}
      />
    </>
  );
}

/** The actions a company's state allows, side by side. */
export function CompanyActions({ company, size }: { company: TCompanyRow; size?: 'xs' | 'sm' }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {actionsFor(company.state).map((action) => (
        <CompanyActionButton key={action} company={company} action={action} size={size} />
      ))}
    </Group>
  );
}
