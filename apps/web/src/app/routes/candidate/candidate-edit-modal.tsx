import { Alert, Button, Group, Modal, NumberInput, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CandidateDatabase, CandidateValidation, ZCandidateFields, type TCandidateFields } from '@hireflow/contracts/candidates';
import type { TCandidateProfile } from '@hireflow/contracts/candidates-profile';
import { useUpdateCandidate } from '@/features/candidates/profile/api/update-candidate';
import { ApiError, errorMessage } from '@/lib/api-client';
import { focusFirstError, zodValidate } from '@/lib/zod-form';

type Values = Omit<TCandidateFields, 'experienceYears'> & { experienceYears: number | string | null };

const order = ['firstName', 'lastName', 'email', 'phone', 'currentTitle', 'currentCompany', 'location', 'experienceYears', 'skills', 'tags'] as const;

function valuesOf(p: TCandidateProfile): Values {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phone: p.phone,
    currentTitle: p.currentTitle,
    currentCompany: p.currentCompany,
    location: p.location,
    experienceYears: p.experienceYears ?? '',
    skills: p.skills,
    tags: p.tags,
  };
}

const forSchema = (v: Values) => ({ ...v, experienceYears: v.experienceYears === '' || v.experienceYears === null ? null : v.experienceYears });

/** Edit a candidate's own fields (recruiters and admins). A taken email is shown on the email field. */
export function CandidateEditModal({ profile, opened, onClose }: { profile: TCandidateProfile; opened: boolean; onClose: () => void }) {
  const form = useForm<Values>({ mode: 'uncontrolled', initialValues: valuesOf(profile), validate: (v) => zodValidate(ZCandidateFields)(forSchema(v)) });
  const update = useUpdateCandidate(profile.id, { onSuccess: onClose });
  const submit = form.onSubmit(
    (values) => {
      const parsed = ZCandidateFields.parse(forSchema(values));
      update.mutate(parsed, {
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) form.setFieldError('email', error.message);
        },
      });
    },
    focusFirstError(form, order),
  );
  const emailTaken = update.error instanceof ApiError && update.error.status === 409;
  return (
    <Modal opened={opened} onClose={onClose} title="Edit candidate" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {update.isError && !emailTaken ? <Alert color="red">{errorMessage(update.error)}</Alert> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" withAsterisk data-autofocus maxLength={CandidateValidation.maxNameLength} key={form.key('firstName')} {...form.getInputProps('firstName')} />
            <TextInput label="Last name" maxLength={CandidateValidation.maxNameLength} key={form.key('lastName')} {...form.getInputProps('lastName')} />
            <TextInput label="Email" type="email" key={form.key('email')} {...form.getInputProps('email')} />
            <TextInput label="Phone" type="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
            <TextInput label="Current title" maxLength={120} key={form.key('currentTitle')} {...form.getInputProps('currentTitle')} />
            <TextInput label="Current company" maxLength={120} key={form.key('currentCompany')} {...form.getInputProps('currentCompany')} />
            <TextInput label="Location" maxLength={120} key={form.key('location')} {...form.getInputProps('location')} />
            <NumberInput label="Years of experience" min={0} max={70} allowNegative={false} key={form.key('experienceYears')} {...form.getInputProps('experienceYears')} />
          </SimpleGrid>
          <TagsInput label="Skills" description="Press Enter after each" maxTags={CandidateDatabase.maxSkills} key={form.key('skills')} {...form.getInputProps('skills')} />
          <TagsInput label="Tags" description="Press Enter after each" maxTags={CandidateDatabase.maxTags} key={form.key('tags')} {...form.getInputProps('tags')} />
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save candidate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
