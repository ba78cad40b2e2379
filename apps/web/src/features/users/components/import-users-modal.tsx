import { Button, FileInput, Group, List, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { UserImportColumns, type TUserImportResponse } from '@hireflow/contracts/users';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useImportUsers } from '../api/import-users';

/** Bulk import from .xlsx or .csv, then a per-row report of what was refused and why. */
export function ImportUsersModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<TUserImportResponse | null>(null);
  const importing = useImportUsers();
  const close = () => {
    setFile(null);
    setReport(null);
    importing.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Import users" size="lg">
      <Stack>
        <Text size="sm">
          The first row names the columns: {UserImportColumns.join(', ')}. First name, Last name and Email are required; business unit, department and location are matched by name. Each new user gets an invitation mail.
        </Text>
        <FileInput label="File (.xlsx or .csv)" accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" value={file} onChange={setFile} clearable />
        <FormAlert message={importing.isError ? errorMessage(importing.error) : null} />
        {report ? (
          <Stack gap="xs" role="status">
            <Text fw={500}>
              {report.created} user{report.created === 1 ? '' : 's'} added{report.refused.length ? `, ${report.refused.length} row${report.refused.length === 1 ? '' : 's'} refused` : ''}.
            </Text>
            {report.invitations ? (
              <Text size="sm">
                {report.invitations} invitation mail{report.invitations === 1 ? ' is' : 's are'} being sent; one that does not go out can be resent from the user list.
              </Text>
            ) : null}
            {report.refused.length ? (
              <Table.ScrollContainer minWidth={500} mah={300}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Row</Table.Th>
                      <Table.Th>Email</Table.Th>
                      <Table.Th>Why it was refused</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.refused.map((r) => (
                      <Table.Tr key={r.row}>
                        <Table.Td>{r.row}</Table.Td>
                        <Table.Td>{r.email || '—'}</Table.Td>
                        <Table.Td>{r.reason}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : (
              <List size="sm">
                <List.Item>Every row was imported.</List.Item>
              </List>
            )}
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {report ? 'Close' : 'Cancel'}
          </Button>
          <Button disabled={!file} loading={importing.isPending} onClick={() => file && importing.mutate(file, { onSuccess: setReport })}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
