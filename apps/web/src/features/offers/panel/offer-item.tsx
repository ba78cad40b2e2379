import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { approvalPagePath } from '@hireflow/contracts/approvals';
import { formatMoney, type TOffer } from '@hireflow/contracts/offers';
import { errorMessage } from '@/lib/api-client';
import { useSubmitOffer } from '../api/submit-offer';
import { downloadOfferLetter, type OfferLetterKind } from '../api/get-offer-letter';
import { OfferStatusBadge } from '../approval/offer-status-badge';
import { basePay, offerDay, offerTime, todayDay } from '../offer-format';

export type OfferAction =
  | { kind: 'edit'; offer: TOffer }
  | { kind: 'preview'; offer: TOffer; letter: OfferLetterKind }
  | { kind: 'send'; offer: TOffer }
  | { kind: 'revoke'; offer: TOffer }
  | { kind: 'outcome'; offer: TOffer; outcome: 'joined' | 'no_show' };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={150} fw={500}>
        {label}
      </Table.Th>
      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** One offer: its terms, its dates, the candidate's answer and the moves the caller may make now. */
export function OfferItem({ offer: o, fieldLabels, onAction }: { offer: TOffer; fieldLabels: Record<string, string>; onAction: (action: OfferAction) => void }) {
  const submit = useSubmitOffer();
  const [problem, setProblem] = useState<string | null>(null);
  const c = o.compensation;
  const startReached = todayDay() >= o.startDate;
  const outcomeLater = o.can.recordOutcome && !startReached;
  const signedFilename = `Signed offer - ${o.candidate.name}.pdf`;
  return (
    <Paper component="li" withBorder p="sm" radius="sm" aria-label={`Offer: ${o.jobTitle}`}>
      <Stack gap="xs">
        <Group gap="xs">
          <Text fw={600}>{o.jobTitle}</Text>
          <OfferStatusBadge status={o.status} />
        </Group>
        <Table variant="vertical" withRowBorders={false} verticalSpacing={2} fz="sm">
          <Table.Tbody>
            <Row label="Base pay">{basePay(c)}</Row>
            {c.bonusAmount ? <Row label="Bonus">{formatMoney(c.bonusAmount, c.currency)}</Row> : null}
            {c.equity ? <Row label="Equity">{c.equity}</Row> : null}
            {c.otherTerms ? <Row label="Other terms">{c.otherTerms}</Row> : null}
            <Row label="Start date">{offerDay(o.startDate)}</Row>
            <Row label="Answer by">{offerDay(o.expiryDate)}</Row>
            {o.manager ? <Row label="Reports to">{o.manager.name}</Row> : null}
            <Row label="Letter">{o.template?.name ?? 'Standard letter'}</Row>
            {Object.keys(o.customFields).length > 0
              ? Object.entries(o.customFields).map(([key, value]) =>
                  value === null || value === '' ? null : (
                    <Row key={key} label={fieldLabels[key] ?? key}>
                      {value === true ? 'Yes' : value === false ? 'No' : String(value)}
                    </Row>
                  ),
                )
              : null}
            {o.sentAt ? <Row label="Sent">{offerTime(o.sentAt)}</Row> : null}
            {o.decidedAt ? <Row label={o.status === 'declined' ? 'Declined' : 'Answered'}>{offerTime(o.decidedAt)}</Row> : null}
            {o.acceptance ? (
              <Row label="Accepted">
                Signed “{o.acceptance.typedName}” on {offerTime(o.acceptance.at)}
              </Row>
            ) : null}
            {o.declineReason ? <Row label="Decline reason">{o.declineReason}</Row> : null}
            {o.revokeReason ? <Row label="Revoke reason">{o.revokeReason}</Row> : null}
            {o.note ? <Row label="Internal note">{o.note}</Row> : null}
          </Table.Tbody>
        </Table>
        <Group gap="xs">
          {o.can.edit ? (
            <Button size="compact-sm" variant="light" onClick={() => onAction({ kind: 'edit', offer: o })}>
              Edit
            </Button>
          ) : null}
          {o.can.submit ? (
            <Button
              size="compact-sm"
              variant="light"
              loading={submit.isPending}
              onClick={() => {
                setProblem(null);
                submit.mutate(o.id, { onError: (e) => setProblem(errorMessage(e)) });
              }}
            >
              Submit for approval
            </Button>
          ) : null}
          {o.status === 'pending_approval' || o.approval.status !== null ? (
            <Anchor component={Link} to={approvalPagePath('offer', o.id)} fz="sm">
              {o.status === 'pending_approval' ? 'Open approval' : 'Approval history'}
            </Anchor>
          ) : null}
          <Button size="compact-sm" variant="subtle" onClick={() => onAction({ kind: 'preview', offer: o, letter: 'letter' })}>
            Preview letter
          </Button>
          {o.acceptance ? (
            <Button size="compact-sm" variant="subtle" onClick={() => downloadOfferLetter(o.id, 'signed', signedFilename).catch((e) => setProblem(errorMessage(e)))}>
              Download signed copy
            </Button>
          ) : null}
          {o.can.send ? (
            <Button size="compact-sm" onClick={() => onAction({ kind: 'send', offer: o })}>
              Send to candidate…
            </Button>
          ) : null}
          {o.can.recordOutcome && startReached ? (
            <>
              <Button size="compact-sm" variant="light" color="green" onClick={() => onAction({ kind: 'outcome', offer: o, outcome: 'joined' })}>
                Record joined
              </Button>
              <Button size="compact-sm" variant="light" color="orange" onClick={() => onAction({ kind: 'outcome', offer: o, outcome: 'no_show' })}>
                Record no-show
              </Button>
            </>
          ) : null}
          {o.can.revoke ? (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => onAction({ kind: 'revoke', offer: o })}>
              Revoke…
            </Button>
          ) : null}
        </Group>
        {outcomeLater ? (
          <Text fz="xs" c="dimmed">
            Whether {o.candidate.name} joined can be recorded from the start date, {offerDay(o.startDate)}.
          </Text>
        ) : null}
        {problem ? (
          <Alert color="red" withCloseButton onClose={() => setProblem(null)}>
            {problem}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
