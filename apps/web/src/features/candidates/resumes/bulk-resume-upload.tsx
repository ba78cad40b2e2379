import { Alert, Anchor, Badge, Button, Checkbox, Group, Paper, Progress, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ResumeUpload } from '@hireflow/contracts/candidates';
import { ResumeBatchLimits, ResumeMessagesWeb, type TBatchRowResult, type TResumeBatch, type TResumeBatchFile } from '@hireflow/contracts/candidates-resumes';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useCommitResumeBatch, useCreateResumeBatch, useResumeBatch } from './resumes-api';
import { managesCandidates } from '../manages-candidates';

const maxMb = ResumeUpload.maxBytes / 1024 / 1024;

/** Why the browser will not send a file (the API checks the same and its contents too). */
function refusal(file: File): string | null {
  if (!/\.(pdf|docx)$/i.test(file.name)) return 'Not a PDF or Word (.docx) file.';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > ResumeUpload.maxBytes) return `Larger than ${maxMb} MB.`;
  return null;
}

function ChooseFiles({ onUploaded }: { onUploaded: (batch: TResumeBatch) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const [percent, setPercent] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const create = useCreateResumeBatch();
  const accepted = files.filter((f) => !refusal(f));
  const refused = files.filter((f) => refusal(f));
  const tooMany = accepted.length > ResumeBatchLimits.maxFiles;

  const add = (list: FileList | null) => {
    if (list) setFiles((prev) => [...prev, ...Array.from(list)]);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };

  return (
    <Stack gap="md">
      <Paper
        withBorder
        p="xl"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        bg={dragging ? 'var(--mantine-color-blue-light)' : undefined}
        style={{ borderStyle: 'dashed', textAlign: 'center' }}
      >
        <Stack align="center" gap="xs">
          <Text fw={600}>Drop up to {ResumeBatchLimits.maxFiles} résumés here</Text>
          <Text size="sm" c="dimmed">
            PDF or Word (.docx), at most {maxMb} MB each. Each becomes a candidate once you have checked what was read from it.
          </Text>
          <Button variant="light" onClick={() => input.current?.click()}>
            Choose résumés
          </Button>
          <input
            ref={input}
            id="resume-files"
            aria-label="Résumé files"
            type="file"
            multiple
            accept={ResumeUpload.accept}
            style={{ display: 'none' }}
            onChange={(e) => {
              add(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
        </Stack>
      </Paper>
      {files.length ? (
        <Text size="sm">
          {accepted.length} résumé{accepted.length === 1 ? '' : 's'} chosen
          {refused.length ? `; ${refused.length} left out: ${refused.map((f) => `${f.name} (${refusal(f)})`).join(', ')}` : ''}.
        </Text>
      ) : null}
      {tooMany ? (
        <Alert color="red" role="alert">
          {ResumeMessagesWeb.tooManyFiles} You chose {accepted.length}.
        </Alert>
      ) : null}
      {create.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(create.error)}
        </Alert>
      ) : null}
      {create.isPending ? <Progress value={percent} aria-label="Upload progress" /> : null}
      <Group>
        <Button
          disabled={accepted.length === 0 || tooMany}
          loading={create.isPending}
          onClick={() => create.mutate({ files: accepted, onProgress: setPercent }, { onSuccess: onUploaded })}
        >
          Upload {accepted.length || ''} résumé{accepted.length === 1 ? '' : 's'}
        </Button>
        {files.length ? (
          <Button variant="default" onClick={() => setFiles([])} disabled={create.isPending}>
            Clear
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

type RowFields = { firstName: string; lastName: string; email: string; phone: string; currentTitle: string; skills: string[] };

function StateBadge({ file }: { file: TResumeBatchFile }) {
  if (file.state === 'extracted') return <Badge color="green" variant="light">Read</Badge>;
  if (file.state === 'unreadable') return <Badge color="orange" variant="light">{ResumeMessagesWeb.textNotReadable}</Badge>;
  if (file.state === 'rejected') return <Badge color="red" variant="light">Refused</Badge>;
  return <Badge color="gray" variant="light">Reading…</Badge>;
}

function Outcome({ result }: { result: TBatchRowResult }) {
  if (result.outcome === 'created')
    return (
      <Text size="sm" c="green">
        Saved. <Anchor component={Link} to={`/candidate/${result.candidateId}`}>Open the candidate</Anchor>
      </Text>
    );
  if (result.outcome === 'duplicate')
    return (
      <Text size="sm" c="orange" role="alert">
        Already in the database.{' '}
        {result.candidateId ? (
          <Anchor component={Link} to={`/candidate/${result.candidateId}`}>
            Open the existing candidate
          </Anchor>
        ) : null}
      </Text>
    );
  return (
    <Text size="sm" c="red" role="alert">
      {result.message}
    </Text>
  );
}

function Review({ batch }: { batch: TResumeBatch }) {
  const commit = useCommitResumeBatch(batch.id);
  const [rows, setRows] = useState<Record<number, RowFields>>({});
  const [chosen, setChosen] = useState<Record<number, boolean>>({});
  const [results, setResults] = useState<Record<number, TBatchRowResult>>({});
  useEffect(() => {
    setRows((prev) => {
      const next = { ...prev };
      for (const f of batch.files) if (!(f.index in next)) next[f.index] = { ...f.suggestions };
      return next;
    });
    setChosen((prev) => {
      const next = { ...prev };
      for (const f of batch.files) if (!(f.index in next)) next[f.index] = f.state !== 'rejected' && f.result?.outcome !== 'created';
      return next;
    });
    setResults((prev) => ({ ...Object.fromEntries(batch.files.filter((f) => f.result).map((f) => [f.index, f.result!])), ...prev }));
  }, [batch]);

  const set = (index: number, key: keyof RowFields, value: string) => setRows((prev) => ({ ...prev, [index]: { ...prev[index]!, [key]: value } }));
  const toSave = batch.files.filter((f) => chosen[f.index] && f.state !== 'rejected' && results[f.index]?.outcome !== 'created');
  const created = Object.values(results).filter((r) => r.outcome === 'created').length;

  return (
    <Stack gap="md">
      <Text size="sm">
        Check the names and emails read from each résumé, fix what is wrong, then save. Rows already in the database are not saved twice.
        {created ? ` ${created} saved so far.` : ''}
      </Text>
      {commit.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(commit.error)}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="xs" aria-label="Résumés to review">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Save</Table.Th>
              <Table.Th>File</Table.Th>
              <Table.Th>First name</Table.Th>
              <Table.Th>Last name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th>Current title</Table.Th>
              <Table.Th>Skills</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {batch.files.map((f) => {
              const row = rows[f.index];
              const result = results[f.index];
              const locked = f.state === 'rejected' || result?.outcome === 'created';
              const label = (what: string) => `${what} for ${f.filename}`;
              return (
                <Table.Tr key={f.index}>
                  <Table.Td>
                    <Checkbox aria-label={`Save ${f.filename}`} checked={Boolean(chosen[f.index]) && !locked} disabled={locked} onChange={(e) => setChosen((p) => ({ ...p, [f.index]: e.currentTarget.checked }))} />
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Text size="sm">{f.filename}</Text>
                      <StateBadge file={f} />
                      {f.problem ? <Text size="xs" c="red">{f.problem}</Text> : null}
                      {result ? <Outcome result={result} /> : null}
                    </Stack>
                  </Table.Td>
                  {row && f.state !== 'rejected' ? (
                    <>
                      <Table.Td><TextInput size="xs" aria-label={label('First name')} value={row.firstName} disabled={locked} onChange={(e) => set(f.index, 'firstName', e.currentTarget.value)} /></Table.Td>
                      <Table.Td><TextInput size="xs" aria-label={label('Last name')} value={row.lastName} disabled={locked} onChange={(e) => set(f.index, 'lastName', e.currentTarget.value)} /></Table.Td>
                      <Table.Td><TextInput size="xs" aria-label={label('Email')} value={row.email} disabled={locked} onChange={(e) => set(f.index, 'email', e.currentTarget.value)} /></Table.Td>
                      <Table.Td><TextInput size="xs" aria-label={label('Phone')} value={row.phone} disabled={locked} onChange={(e) => set(f.index, 'phone', e.currentTarget.value)} /></Table.Td>
                      <Table.Td><TextInput size="xs" aria-label={label('Current title')} value={row.currentTitle} disabled={locked} onChange={(e) => set(f.index, 'currentTitle', e.currentTarget.value)} /></Table.Td>
                      <Table.Td><Text size="xs">{row.skills.join(', ')}</Text></Table.Td>
                    </>
                  ) : (
                    <Table.Td colSpan={6} />
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button
          disabled={toSave.length === 0}
          loading={commit.isPending}
          onClick={() =>
            commit.mutate(
              { rows: toSave.map((f) => ({ index: f.index, fields: rows[f.index]! })) },
              { onSuccess: (answer) => setResults((prev) => ({ ...prev, ...Object.fromEntries(answer.rows.map((r) => [r.index, r])) })) },
            )
          }
        >
          Save {toSave.length} candidate{toSave.length === 1 ? '' : 's'}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Bulk résumé upload: drop up to 100 PDF or DOCX résumés; while their text is read in the background
 * the page shows progress; then a review list of what was read (name, email, phone, title, skills) to
 * fix before saving each as a candidate. The batch's id stays in the address, so a reload comes back here.
 */
export function BulkResumeUpload() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const batchId = params.get('batch');
  const batch = useResumeBatch(batchId);
  if (!managesCandidates(user)) return <Alert color="red">Only recruiters and admins can add candidates to the database.</Alert>;
  return (
    <Stack gap="lg">
      <Title order={1}>Upload résumés</Title>
      {!batchId ? <ChooseFiles onUploaded={(b) => setParams({ batch: b.id })} /> : null}
      {batchId && batch.isError ? <Alert color="red">{errorMessage(batch.error)}</Alert> : null}
      {batch.data && batch.data.done < batch.data.total ? (
        <Stack gap="xs">
          <Text>
            Reading {batch.data.done} of {batch.data.total} résumés…
          </Text>
          <Progress value={(batch.data.done / batch.data.total) * 100} aria-label="Reading progress" />
        </Stack>
      ) : null}
      {batch.data && batch.data.done >= batch.data.total ? <Review batch={batch.data} /> : null}
      {batchId ? (
        <Group>
          <Button variant="subtle" onClick={() => setParams({})}>
            Upload more résumés
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
