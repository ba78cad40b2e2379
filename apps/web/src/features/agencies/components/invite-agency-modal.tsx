import { Anchor, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import type { TAgency } from '@hireflow/contracts/agencies';
import { approvalPagePath } from '@hireflow/contracts/approvals';

const InviteAgencyForm = lazy(() => import('./invite-agency-form'));

/** Invite an agency: it goes to the agency approval chain at once; the contact is mailed once it is approved. */
export function InviteAgencyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [sent, setSent] = useState<TAgency | null>(null);
  const close = () => {
    setSent(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={sent ? 'Sent for approval' : 'Invite an agency'} size="lg">
      {sent ? (
        <SentForApproval agency={sent} onClose={close} />
      ) : (
        <Suspense fallback={<Loader size="sm" role="progressbar" aria-label="Loading the form" />}>
          <InviteAgencyForm onCancel={close} onSent={setSent} />
        </Suspense>
      )}
    </Modal>
  );
}

function SentForApproval({ agency, onClose }: { agency: TAgency; onClose: () => void }) {
  const approver = agency.approval.steps.find((s) => s.state === 'current')?.approver;
  return (
    <Stack>
      <Text role="status">
        {agency.name} was sent for approval{approver ? `; ${approver.name} decides first` : ''}. Once it is approved, {agency.contactEmail} gets an email with the agency&apos;s sign-in link.
      </Text>
      <Anchor component={Link} to={approvalPagePath('agency', agency.id)}>
        Follow the approval of {agency.name}
      </Anchor>
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}

