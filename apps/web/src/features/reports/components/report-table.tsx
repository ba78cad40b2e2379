import { Box, Group, Pagination, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { TReportResult, TValueKind } from '@hireflow/contracts/reports';
import { formatValue } from '../format';

/** Rows on one page of the table (the API sends at most ReportRules.maxRows). */
export const ReportPageSize = 50;

const numeric = (kind: TValueKind) => kind !== 'text' && kind !== 'date';

/**
 * The report as a real table: a caption, column headers with scope, values formatted by their kind, the
 * totals of the whole result in the footer, 50 rows a page, and a note when the API sent only the first rows.
 * It scrolls sideways inside its own box on a narrow screen.
 */
export function ReportTable({ result }: { result: TReportResult }) {
  const [page, setPage] = useState(1);
  const { columns, rows, totals } = result;
  const pages = Math.max(1, Math.ceil(rows.length / ReportPageSize));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * ReportPageSize, current * ReportPageSize);
  const firstKey = columns[0]?.key;
  const align = (kind: TValueKind) => (numeric(kind) ? 'right' : 'left');

  return (
    <div>
      {/* Scrolls sideways inside its own box on a narrow screen; focusable so the keyboard can scroll it. */}
      <Box className="mantine-focus-auto" style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`${result.title} table`}>
        <Table miw={Math.max(360, columns.length * 120)} striped highlightOnHover withTableBorder captionSide="top">
          <Table.Caption style={{ textAlign: 'left' }}>
            {result.title}
            {result.range ? `, ${formatValue('date', result.range.from)} to ${formatValue('date', result.range.to)}` : ''}
            {pages > 1 ? ` (page ${current} of ${pages})` : ''}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} scope="col" style={{ textAlign: align(c.kind) }}>
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row, i) => (
              <Table.Tr key={(current - 1) * ReportPageSize + i}>
                {columns.map((c) => (
                  <Table.Td key={c.key} style={{ textAlign: align(c.kind) }}>
                    {formatValue(c.kind, row[c.key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {totals ? (
            <Table.Tfoot>
              <Table.Tr fw={700}>
                {columns.map((c) => {
                  const value = totals[c.key];
                  if (c.key === firstKey && (value === null || value === undefined || c.kind === 'text')) {
                    return (
                      <Table.Th key={c.key} scope="row">
                        {typeof value === 'string' && value ? value : 'Total'}
                      </Table.Th>
                    );
                  }
                  return (
                    <Table.Td key={c.key} style={{ textAlign: align(c.kind) }}>
                      {value === undefined ? '' : formatValue(c.kind, value)}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            </Table.Tfoot>
          ) : null}
        </Table>
      </Box>
      <Group justify="space-between" mt="xs" wrap="wrap">
        {result.totalRows > rows.length ? (
          <Text size="sm" c="dimmed">
            Showing {rows.length.toLocaleString('en-GB')} of {result.totalRows.toLocaleString('en-GB')} rows. The totals count every row; the export has the same rows.
          </Text>
        ) : (
          <span />
        )}
        {pages > 1 ? <Pagination total={pages} value={current} onChange={setPage} size="sm" aria-label="Table pages" /> : null}
      </Group>
    </div>
  );
}
