import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TAgency } from '@hireflow/contracts/agencies';

/** What the agency was offered: contact, fee, guarantee, jobs, limit per job, salary sharing, who invited it. */
export function AgencyTermsTable({ agency }: { agency: TAgency }) {
  const rows: [string, ReactNode][] = [
    ['Contact', `${agency.contactName} (${agency.contactEmail})`],
    ['Fee', `${agency.feePercent}% of the base salary`],
    ['Guarantee', `${agency.guaranteeDays} day${agency.guaranteeDays === 1 ? '' : 's'}`],
    ['Jobs', agency.jobs.length === 0 ? <Text span c="dimmed">None yet</Text> : agency.jobs.map((j) => j.name).join(', ')],
    ['Candidates per job', String(agency.maxCandidatesPerJob)],
    ['Salary band', agency.shareSalary ? 'Shown to the agency' : 'Not shown'],
    ['Approval chain', agency.businessUnit ? agency.businessUnit.name : 'Company default'],
    ['Invited by', agency.invitedBy.name],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={140} scope="row">
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
