import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { TCompanyRow } from '@hireflow/contracts/superadmin';
import { Paths, buildPath } from '@hireflow/contracts/routes';
import { CompanyStateBadge } from './company-state-badge';
import { CompanyActions } from './company-action-button';
import { planLabel, seatsLabel } from './company-plan';

/** Companies with their state, plan, seats, usage, admin, sign-up date and the actions their state allows. */
export function CompaniesTable({ companies, caption }: { companies: TCompanyRow[]; caption: string }) {
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Company</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Seats used</Table.Th>
            <Table.Th>Jobs</Table.Th>
            <Table.Th>Applications this month</Table.Th>
            <Table.Th>Admin</Table.Th>
            <Table.Th>Signed up</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {companies.map((company) => (
            <Table.Tr key={company.id}>
              <Table.Td>
                <Anchor component={Link} to={buildPath(Paths.superadminCompany, { id: company.id })} fw={500}>
                  {company.name}
                </Anchor>
                <Text fz="xs" c="dimmed">
                  {company.slug ? `/careers/${company.slug}` : 'No career site address yet'}
                </Text>
              </Table.Td>
              <Table.Td>
                <CompanyStateBadge state={company.state} />
              </Table.Td>
              <Table.Td>{planLabel(company)}</Table.Td>
              <Table.Td>{seatsLabel(company)}</Table.Td>
              <Table.Td>{company.usage.jobs}</Table.Td>
              <Table.Td>{company.usage.applicationsThisMonth}</Table.Td>
              <Table.Td>
                {company.admin ? (
                  <>
                    <Text fz="sm">{company.admin.name}</Text>
                    <Text fz="xs" c="dimmed">
                      {company.admin.email}
                    </Text>
                  </>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>{new Date(company.createdAt).toLocaleDateString()}</Table.Td>
              <Table.Td>
                <CompanyActions company={company} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
