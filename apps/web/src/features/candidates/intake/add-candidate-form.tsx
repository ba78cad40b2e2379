import { candidatePath } from './intake-paths';
import { Alert, Anchor, Button, Group, List, NumberInput, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { CandidateDatabase, ZCandidateFields, type TCandidateFields, type TCandidateSummary } from '@hireflow/contracts/candidates';
import { DuplicateReasonLabels } from '@hireflow/contracts/candidates-intake';
import { ApiError, errorMessage } from '@/lib/api-client';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import { useAddCandidate } from './api/add-candidate';
import { useDuplicateCheck } from './api/check-duplicates';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  currentTitle: string;
  currentCompany: string;
  location: string;
  experienceYears: number | string;
  skills: string[];
  tags: string[];
};

const order = ['firstName', 'lastName', 'email', 'phone', 'currentTitle', 'currentCompany', 'location', 'experienceYears', 'skills', 'tags'] as const;
const empty: Values = { firstName: '', lastName: '', email: '', phone: '', currentTitle: '', currentCompany: '', location: '', experienceYears: '', skills: [], tags: [] };

function toBody(v: Values): TCandidateFields {
  return { ...v, experienceYears: v.experienceYears === '' ? null : Number(v.experienceYears) };
}

const validateFields = zodValidate(ZCandidateFields);

/** The existing candidate's id from a 409 "email already in the database". */
function existingIdOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const id = (error.details as { candidateId?: unknown } | undefined)?.candidateId;
  return typeof id === 'string' ? id : null;
}

/**
 * The add-candidate form: the contracts' rules field by field, likely duplicates (same email, phone,
 * or name at the same company) warned while typing, and a taken email answered with a link to the
 * existing profile.
 */
export function AddCandidateForm({ onAdded, onCancel }: { onAdded: (candidate: TCandidateSummary) => void; onCancel?: () => void }) {
  const form = useForm<Values>({ initialValues: empty, validate: (v) => validateFields(toBody(v)) });
  const add = useAddCandidate();
  const [probe] = useDebouncedValue(
    { email: form.values.email, phone: form.values.phone, firstName: form.values.firstName, lastName: form.values.lastName, currentCompany: form.values.currentCompany },
    400,
  );
  const duplicates = useDuplicateCheck(probe);
  const existingId = existingIdOf(add.error);
  const likely = duplicates.data?.items ?? [];

  const submit = form.onSubmit((values) => add.mutate(toBody(values), { onSuccess: onAdded }), focusFirstError(form, order));

  return (
    <form onSubmit={submit} noValidate aria-label="Add candidate">
      <Stack>
        {add.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Stack gap={4}>
              <Text size="sm">{errorMessage(add.error)}</Text>
              {existingId ? (
                <Anchor component={Link} to={candidatePath(existingId)} size="sm" fw={600}>
                  Open existing profile
                </Anchor>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required data-autofocus autoComplete="off" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="off" {...form.getInputProps('lastName')} />
          <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
          <TextInput label="Phone" type="tel" autoComplete="off" placeholder="+1 555 010 0100" {...form.getInputProps('phone')} />
          <TextInput label="Current title" {...form.getInputProps('currentTitle')} />
          <TextInput label="Current company" {...form.getInputProps('currentCompany')} />
          <TextInput label="Location" {...form.getInputProps('location')} />
          <NumberInput label="Years of experience" min={0} max={70} allowDecimal={false} {...form.getInputProps('experienceYears')} />
          <TagsInput label="Skills" description="Press Enter after each skill" maxTags={CandidateDatabase.maxSkills} {...form.getInputProps('skills')} />
          <TagsInput label="Tags" description="Press Enter after each tag" maxTags={CandidateDatabase.maxTags} {...form.getInputProps('tags')} />
        </SimpleGrid>
        {likely.length > 0 ? (
          <Alert color="yellow" variant="light" title="This person may already be in the database" role="status">
            <List size="sm" spacing={4}>
              {likely.map((d) => (
                <List.Item key={d.id}>
                  <Anchor component={Link} to={candidatePath(d.id)} size="sm">
                    {`${d.firstName} ${d.lastName}`.trim()}
                  </Anchor>
                  {[d.email, d.phone, d.currentCompany].filter(Boolean).map((x) => ` · ${x}`).join('')} — {d.reasons.map((r) => DuplicateReasonLabels[r]).join(', ')}
                </List.Item>
              ))}
            </List>
            <Text size="xs" mt={6}>
              Open the existing profile instead, or save anyway if this is someone else.
            </Text>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={add.isPending}>
            Add candidate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
