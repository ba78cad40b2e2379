import { Alert, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { MergeFieldPattern, notAllowedMergeFields, unknownMergeFields, type TMailTemplateKind, type TMergeField } from '@hireflow/contracts/mail-templates';
import { SampleMergeValues, fillHtmlBody, fillPlainTextAsHtml, isHtmlBody } from '@hireflow/contracts/mail-fill';
import { safeHtml } from '@/features/mail/components/safe-html';

/** The subject with sample values (plain text, as mail programs show it). */
const fillSubject = (subject: string) => subject.replace(MergeFieldPattern, (_all, name: string) => SampleMergeValues[name as TMergeField] ?? '').replace(/[\r\n]+/g, ' ');

/** The body as a recipient would see it, with sample values: the server's rules (allow-list, escaped values). */
export function previewHtml(body: string): string {
  return isHtmlBody(body) ? fillHtmlBody(safeHtml(body), SampleMergeValues) : fillPlainTextAsHtml(body, SampleMergeValues);
}

/** A live preview of a template with sample data, and the merge fields saving would refuse. */
export function TemplatePreview({ kind, subject, body }: { kind: TMailTemplateKind; subject: string; body: string }) {
  const unknown = unknownMergeFields(subject, body);
  const refused = notAllowedMergeFields(kind, subject, body);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Preview">
      <Stack gap="xs">
        <Title order={2} fz="h5">
          Preview with sample data
        </Title>
        {unknown.length ? (
          <Alert color="red" role="alert">
            Unknown merge field{unknown.length > 1 ? 's' : ''}: {unknown.map((f) => `{{${f}}}`).join(', ')}
          </Alert>
        ) : null}
        {refused.length ? (
          <Alert color="red" role="alert">
            Not available in this kind of template: {refused.map((f) => `{{${f}}}`).join(', ')}
          </Alert>
        ) : null}
        <Text size="sm">
          <Text span fw={500}>
            Subject:
          </Text>{' '}
          <span data-testid="preview-subject">{fillSubject(subject)}</span>
        </Text>
        <Typography>
          <div data-testid="preview-body" dangerouslySetInnerHTML={{ __html: previewHtml(body) }} />
        </Typography>
      </Stack>
    </Paper>
  );
}
