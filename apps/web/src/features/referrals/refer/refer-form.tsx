import { Alert, Anchor, Button, FileInput, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ResumeUpload } from '@hireflow/contracts/candidates';
import { Paths } from '@hireflow/contracts/routes';
import {
  ReferralLimits,
  ReferralRelationshipLabels,
  ReferralRelationships,
  ZReferRequest,
  type TReferRequest,
  type TReferResult,
} from '@hireflow/contracts/referrals';
import { FormAlert } from '@/components/form-alert';
import { errorMessage, toApiError } from '@/lib/api-client';
import { focusFirstError, zodValidate } from '@/lib/zod-form';
import { useReferCandidate } from '../api/refer-candidate';
import { maxResumeMb, resumeRefusal } from './resume-refusal';

type Values = { firstName: string; lastName: string; email: string; phone: string; relationship: string | null; note: string };

const emptyValues: Values = { firstName: '', lastName: '', email: '', phone: '', relationship: null, note: '' };
const fieldOrder = ['firstName', 'lastName', 'email', 'phone', 'relationship', 'note'] as const;
const relationshipOptions = ReferralRelationships.map((value) => ({ value, label: ReferralRelationshipLabels[value] }));

/** A 400 of the API names the field ("email: must be a valid email"): shown beside that field too. */
function serverFieldError(error: unknown): { path: string; message: string } | null {
  const apiError = toApiError(error);
  const match = apiError.status === 400 ? /^(\w+): (.+)$/.exec(apiError.message) : null;
  if (!match || !(fieldOrder as readonly string[]).includes(match[1]!)) return null;
  return { path: match[1]!, message: match[2]!.charAt(0).toUpperCase() + match[2]!.slice(1) };
}

/** The refer form of one open job; after a referral, what the company answered and the way on. */
export function ReferForm({ positionId, campaignId }: { positionId: string; campaignId: string | null }) {
  const refer = useReferCandidate();
  const [resume, setResume] = useState<File | null>(null);
  const [resumeError, setResumeError] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: emptyValues, validate: zodValidate(ZReferRequest) });

  if (refer.isSuccess) {
    return (
      <ReferSuccess
        result={refer.data}
        onAgain={() => {
          form.reset();
          setResume(null);
          refer.reset();
        }}
      />
    );
  }

  const chooseResume = (file: File | null) => {
    setResume(file);
    setResumeError(file ? resumeRefusal(file) : null);
  };

  const submit = form.onSubmit((values) => {
    if (resumeError) return;
    const fields = { ...values, relationship: values.relationship ?? '', ...(campaignId ? { campaignId } : {}) } as unknown as TReferRequest;
    refer.mutate(
      { positionId, fields, resume },
      {
        onError: (error) => {
          const field = serverFieldError(error);
          if (field) form.setFieldError(field.path, field.message);
        },
      },
    );
  }, focusFirstError(form, fieldOrder));

  return (
    <form onSubmit={submit} noValidate aria-label="Refer someone">
      <Stack gap="md">
        <FormAlert message={refer.isError ? errorMessage(refer.error) : null} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" required autoComplete="off" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" required autoComplete="off" {...form.getInputProps('lastName')} />
          <TextInput label="Email" type="email" required autoComplete="off" {...form.getInputProps('email')} />
          <TextInput label="Phone (optional)" type="tel" autoComplete="off" {...form.getInputProps('phone')} />
        </SimpleGrid>
        <Select label="How do you know them?" placeholder="Choose one" required data={relationshipOptions} {...form.getInputProps('relationship')} />
        <Textarea
          label="Note for the recruiters (optional)"
          description="Why they would be a good fit, how to reach them best."
          autosize
          minRows={3}
          maxLength={ReferralLimits.maxNoteLength}
          {...form.getInputProps('note')}
        />
        <FileInput
          label="Résumé (optional)"
          description={`PDF or Word (.docx), at most ${maxResumeMb} MB.`}
          placeholder="Choose a file"
          accept={ResumeUpload.accept}
          clearable
          value={resume}
          onChange={chooseResume}
          error={resumeError}
        />
        <Group>
          <Button type="submit" loading={refer.isPending}>
            Refer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReferSuccess({ result, onAgain }: { result: TReferResult; onAgain: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" role="status" title={result.alreadyKnown ? 'Referral recorded' : 'Referral sent'}>
        <Text>{result.message}</Text>
      </Alert>
      <Group>
        <Anchor component={Link} to={Paths.myReferrals}>
          My referrals
        </Anchor>
        <Button variant="light" onClick={onAgain}>
          Refer someone else
        </Button>
      </Group>
    </Stack>
  );
}
