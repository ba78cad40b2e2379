import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, type TOffer } from '@hireflow/contracts/offers';
import { basePay, offerDay } from '../offer-format';

const customValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
};

/** What the approver weighs: who, which job, when, and the pay exactly as entered (decimal strings, never re-computed). */
export function OfferDetailsCard({ offer }: { offer: TOffer }) {
  const c = offer.compensation;
  const rows: [string, ReactNode][] = [
    [
      'Candidate',
      <Anchor key="c" component={Link} to={`/application/${offer.applicationId}`}>
        {offer.candidate.name}
      </Anchor>,
    ],
    [
      'Job',
      <Anchor key="j" component={Link} to={`/job/${offer.job.id}`}>
        {offer.job.name}
      </Anchor>,
    ],
    ['Job title', offer.jobTitle],
    ['Start date', offerDay(offer.startDate)],
    ['Answer by', offerDay(offer.expiryDate)],
    ['Base salary', basePay(c)],
    ['Bonus', c.bonusAmount ? formatMoney(c.bonusAmount, c.currency) : '—'],
    ['Equity', c.equity || '—'],
    ['Other terms', c.otherTerms || '—'],
    ['Manager', offer.manager?.name ?? '—'],
    ['Requested by', offer.createdBy.name],
    ['Letter template', offer.template?.name ?? 'Standard letter'],
    ...Object.entries(offer.customFields).map(([key, value]): [string, ReactNode] => [offer.customFieldLabels[key] ?? key, customValue(value)]),
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Offer">
      <Title order={2} fz="h4" mb="sm">
        Offer
      </Title>
      <Table variant="vertical" withRowBorders={false}>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={170} scope="row">
                {label}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {offer.note ? (
        <>
          <Text fw={500} mt="md">
            Internal note (not in the letter)
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{offer.note}</Text>
        </>
      ) : null}
    </Paper>
  );
}
