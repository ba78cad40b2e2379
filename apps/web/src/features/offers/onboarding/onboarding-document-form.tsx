import { Alert, Button, Checkbox, Group, Modal, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import {
  OnboardingFileTypeLabels,
  OnboardingFileTypes,
  OnboardingLimits,
  ZCreateOnboardingDocumentRequest,
  type TOnboardingDocument,
  type TOnboardingFileType,
} from '@hireflow/contracts/offers-onboarding';
import { errorMessage } from '@/lib/api-client';

export type OnboardingDocumentValues = { name: string; description: string; required: boolean; fileTypes: TOnboardingFileType[] };

/** The contracts' schema decides; its first problem per field is shown under that field. */
function validate(values: OnboardingDocumentValues): FormErrors {
  const parsed = ZCreateOnboardingDocumentRequest.safeParse(values);
  if (parsed.success) return {};
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    if (errors[field]) continue;
    errors[field] = field === 'fileTypes' ? 'Pick at least one file type' : `${field === 'name' ? 'Name' : 'Description'} ${issue.message}`;
  }
  return errors;
}

/** Add or edit one onboarding document, in a dialog. */
export function OnboardingDocumentForm({
  opened,
  editing,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  /** The document being edited; null to add one. */
  editing: TOnboardingDocument | null;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (values: OnboardingDocumentValues) => void;
}) {
  const form = useForm<OnboardingDocumentValues>({
    mode: 'controlled',
    initialValues: editing
      ? { name: editing.name, description: editing.description, required: editing.required, fileTypes: editing.fileTypes }
      : { name: '', description: '', required: true, fileTypes: ['pdf'] },
    validate,
  });
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? `Edit ${editing.name}` : 'Add an onboarding document'}>
      <form noValidate onSubmit={form.onSubmit((v) => onSubmit({ ...v, name: v.name.trim(), description: v.description.trim() }))}>
        <Stack gap="sm">
          <TextInput label="Name" required maxLength={OnboardingLimits.nameMax} data-autofocus {...form.getInputProps('name')} />
          <Textarea label="Description" description="What the new hire should provide (shown on their page)" autosize minRows={2} maxLength={OnboardingLimits.descriptionMax} {...form.getInputProps('description')} />
          <Switch label="Required" description="New hires must provide required documents; optional ones they may skip" {...form.getInputProps('required', { type: 'checkbox' })} />
          <Checkbox.Group label="Accepted file types" required {...form.getInputProps('fileTypes')}>
            <Group mt="xs">
              {OnboardingFileTypes.map((t) => (
                <Checkbox key={t} value={t} label={OnboardingFileTypeLabels[t]} />
              ))}
            </Group>
          </Checkbox.Group>
          {error ? (
            <Alert color="red" role="alert">
              {errorMessage(error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {editing ? 'Save' : 'Add document'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
