import { Alert, Badge, Button, FileInput, Group, Progress, ScrollArea, Select, SimpleGrid, Stack, Stepper, Table, Text } from '@mantine/core';
import { useState } from 'react';
import {
  CandidateImportRules,
  ImportFieldLabels,
  ImportFields,
  type TImportField,
  type TImportMapping,
  type TImportPreview,
  type TImportReport,
  type TImportRowAction,
} from '@hireflow/contracts/candidates-intake';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useDryRunImport } from './api/dry-run-import';
import { useImportStatus } from './api/get-import-status';
import { useStartImport } from './api/start-import';
import { useUploadImport } from './api/upload-import';

const ActionLabels: Record<TImportRowAction, { label: string; color: string }> = {
  create: { label: 'Create', color: 'green' },
  update: { label: 'Update', color: 'blue' },
  skip: { label: 'Skip', color: 'gray' },
};

/** "Column C" for the third column (spreadsheet letters, as people see them). */
function columnLetter(index: number): string {
  let n = index;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

function RowsTable({ report }: { report: TImportReport }) {
  return (
    <ScrollArea.Autosize mah={420}>
      <Table striped stickyHeader aria-label="Rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>What happens</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((r) => (
            <Table.Tr key={r.row}>
              <Table.Td>{r.row}</Table.Td>
              <Table.Td>
                <Badge color={ActionLabels[r.action].color} variant="light">
                  {ActionLabels[r.action].label}
                </Badge>
              </Table.Td>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td>{r.email}</Table.Td>
              <Table.Td>{r.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function Totals({ report, done = false }: { report: TImportReport; done?: boolean }) {
  return (
    <Text fw={600} role="status">
      {done
        ? `${report.created} created, ${report.updated} updated, ${report.skipped} skipped.`
        : `${report.created} to create, ${report.updated} to update (blank fields filled), ${report.skipped} to skip.`}
    </Text>
  );
}

/**
 * Import candidates from a CSV or Excel file: upload → map the columns (guessed from the header) →
 * a dry run that says per row what will happen → confirm → the import runs in the background while
 * its progress shows (the page may be left; it goes on).
 */
export function ImportWizard() {
  const [step, setStep] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TImportPreview | null>(null);
  const [mapping, setMapping] = useState<TImportMapping>({});
  const [report, setReport] = useState<TImportReport | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const upload = useUploadImport();
  const dryRun = useDryRunImport();
  const start = useStartImport();
  const status = useImportStatus(jobId);

  const sendFile = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (p) => {
        setPreview(p);
        setMapping(p.mapping as TImportMapping);
        setReport(null);
        setStep(1);
      },
    });
  };
  const check = () => {
    if (!preview) return;
    dryRun.mutate({ uploadId: preview.uploadId, mapping }, { onSuccess: (r) => (setReport(r), setStep(2)) });
  };
  const confirm = () => {
    if (!preview) return;
    start.mutate({ uploadId: preview.uploadId, mapping }, { onSuccess: ({ jobId: id }) => (setJobId(id), setStep(3)) });
  };
  const restart = () => {
    setStep(0);
    setFile(null);
    setPreview(null);
    setReport(null);
    setJobId(null);
    upload.reset();
    dryRun.reset();
    start.reset();
  };

  const columnOptions = (preview?.columns ?? []).flatMap((title, i) => (i === 0 && !title ? [] : [{ value: String(i), label: `${columnLetter(i)}: ${title || '(no header)'}` }]));
  const current = status.data;

  return (
    <Stepper active={step} onStepClick={(s) => s < step && step < 3 && setStep(s)} allowNextStepsSelect={false}>
      <Stepper.Step label="Upload" description="CSV or Excel">
        <Stack maw={520} mt="md">
          <FormAlert message={upload.isError ? errorMessage(upload.error) : null} />
          <FileInput
            label="File"
            description={`A .csv or .xlsx file with a header row; at most ${CandidateImportRules.maxRows.toLocaleString('en-US')} rows and ${CandidateImportRules.maxBytes / 1024 / 1024} MB.`}
            accept={CandidateImportRules.accept}
            value={file}
            onChange={setFile}
            clearable
            placeholder="Choose a file"
          />
          <Group>
            <Button onClick={sendFile} disabled={!file} loading={upload.isPending}>
              Upload
            </Button>
          </Group>
        </Stack>
      </Stepper.Step>

      <Stepper.Step label="Map columns" description="Which column is what">
        {preview ? (
          <Stack mt="md">
            <Text size="sm">
              {preview.fileName}: {preview.rowCount} rows. Check which column holds each field; fields left as “Not imported” stay empty.
            </Text>
            <FormAlert message={dryRun.isError ? errorMessage(dryRun.error) : null} />
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {ImportFields.map((field: TImportField) => (
                <Select
                  key={field}
                  label={ImportFieldLabels[field]}
                  required={field === 'firstName'}
                  placeholder="Not imported"
                  clearable
                  data={columnOptions}
                  value={mapping[field] === undefined ? null : String(mapping[field])}
                  onChange={(v) => setMapping((m) => ({ ...m, [field]: v === null ? undefined : Number(v) }))}
                />
              ))}
            </SimpleGrid>
            <ScrollArea>
              <Table aria-label="Sample rows" withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    {columnOptions.map((c) => (
                      <Table.Th key={c.value}>{c.label}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.sample.map((row, r) => (
                    <Table.Tr key={r}>
                      {columnOptions.map((c) => (
                        <Table.Td key={c.value}>{row[Number(c.value)] ?? ''}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
            <Group>
              <Button variant="default" onClick={restart}>
                Choose another file
              </Button>
              <Button onClick={check} loading={dryRun.isPending} disabled={mapping.firstName === undefined}>
                Check rows
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stepper.Step>

      <Stepper.Step label="Check" description="Dry run">
        {report ? (
          <Stack mt="md">
            <Totals report={report} />
            <Text size="sm" c="dimmed">
              Nothing has been saved yet. A row whose email is already in the database only fills that candidate’s blank fields.
            </Text>
            <FormAlert message={start.isError ? errorMessage(start.error) : null} />
            <RowsTable report={report} />
            <Group>
              <Button variant="default" onClick={() => setStep(1)}>
                Back to mapping
              </Button>
              <Button onClick={confirm} loading={start.isPending} disabled={report.created + report.updated === 0}>
                Import {report.created + report.updated} rows
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stepper.Step>

      <Stepper.Step label="Import" description="In the background">
        <Stack mt="md">
          {status.isError ? <FormAlert message={errorMessage(status.error)} /> : null}
          {current && current.state !== 'done' ? (
            <Stack gap={6} role="status" aria-live="polite">
              <Progress value={current.progress} animated={current.state !== 'failed'} striped aria-label="Import progress" />
              <Text size="sm">
                {current.message || 'Importing…'} ({current.progress}%)
              </Text>
            </Stack>
          ) : null}
          {current?.state === 'failed' ? <Alert color="red">{current.message}</Alert> : null}
          {current?.state === 'done' && current.report ? (
            <>
              <Totals report={current.report} done />
              <RowsTable report={{ ...current.report, rows: current.report.rows.filter((r) => r.action !== 'create') }} />
            </>
          ) : null}
          <Group>
            <Button variant="default" onClick={restart} disabled={Boolean(current) && current?.state !== 'done' && current?.state !== 'failed'}>
              Import another file
            </Button>
          </Group>
        </Stack>
      </Stepper.Step>
    </Stepper>
  );
}
