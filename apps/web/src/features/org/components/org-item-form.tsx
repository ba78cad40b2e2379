import { ActionIcon, Button, Group, Modal, NumberInput, Select, Stack, Switch, TagsInput, Text, TextInput, Textarea } from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { OrgCreateSchemas, OrgUpdateSchemas, type TOrgItem, type TOrgKind } from '@hireflow/contracts/org';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { zodValidate } from '@/lib/zod-form';
import { useOrgOptions } from '../api/get-org-options';
import { useCreateOrgItem, useUpdateOrgItem } from '../api/save-org-item';
import { OrgKindSpecs, labelOfKind, type FieldSpec } from './org-kinds';

type Values = Record<string, unknown>;
type Form = UseFormReturnType<Values, Values, (values: Values) => FormErrors>;

function OrgSelectField({ spec, form, selfId }: { spec: Extract<FieldSpec, { type: 'orgSelect' }>; form: Form; selfId?: string }) {
  const options = useOrgOptions(spec.kind);
  const data = (options.data?.options ?? []).filter((o) => o.id !== selfId).map((o) => ({ value: o.id, label: o.name }));
  return <Select label={spec.label} description={spec.description} clearable searchable data={data} {...form.getInputProps(spec.name)} />;
}

function AddressesField({ form, name }: { form: Form; name: string }) {
  const addresses = (form.values[name] as { label: string; address: string }[]) ?? [];
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Office addresses
      </Text>
      {addresses.map((_, i) => (
        <Group key={i} align="flex-end" wrap="nowrap">
          <TextInput label={`Label ${i + 1}`} w={140} {...form.getInputProps(`${name}.${i}.label`)} />
          <TextInput label={`Address ${i + 1}`} style={{ flex: 1 }} {...form.getInputProps(`${name}.${i}.address`)} />
          <ActionIcon variant="subtle" color="red" aria-label={`Remove address ${i + 1}`} onClick={() => form.removeListItem(name, i)} mb={4}>
            ✕
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="light" size="xs" onClick={() => form.insertListItem(name, { label: '', address: '' })}>
          Add address
        </Button>
      </Group>
    </Stack>
  );
}

function Field({ spec, form, editing, selfId }: { spec: FieldSpec; form: Form; editing: boolean; selfId?: string }) {
  const props = form.getInputProps(spec.name);
  switch (spec.type) {
    case 'text':
    case 'email':
    case 'url':
      return <TextInput label={spec.label} type={spec.type === 'text' ? 'text' : spec.type} required={spec.required} description={spec.description} {...props} />;
    case 'textarea':
      return <Textarea label={spec.label} autosize minRows={2} {...props} />;
    case 'number':
      return <NumberInput label={spec.label} required={spec.required} min={0} allowDecimal={false} {...props} />;
    case 'select':
      return <Select label={spec.label} required={spec.required} data={spec.data} allowDeselect={!spec.required} disabled={editing && spec.editable === false} {...props} />;
    case 'orgSelect':
      return <OrgSelectField spec={spec} form={form} selfId={selfId} />;
    case 'tags':
      return <TagsInput label={spec.label} description={spec.description} {...props} />;
    case 'switch':
      return <Switch label={spec.label} {...form.getInputProps(spec.name, { type: 'checkbox' })} />;
    case 'addresses':
      return <AddressesField form={form} name={spec.name} />;
  }
}

/** Create or edit one item of any org kind; fields and rules come from the kind's spec and the contracts. */
export function OrgItemForm({ kind, item, defaults, onClose }: { kind: TOrgKind; item: TOrgItem | null; defaults?: Values; onClose: (saved?: string) => void }) {
  const spec = OrgKindSpecs[kind];
  const editing = Boolean(item);
  const initial = Object.fromEntries(Object.entries({ ...spec.defaults, ...defaults }).map(([key, value]) => [key, item && key in item ? item[key] : value]));
  const form = useForm<Values>({ initialValues: initial, validate: zodValidate(editing ? OrgUpdateSchemas[kind] : OrgCreateSchemas[kind]) });
  const create = useCreateOrgItem(() => onClose(`${labelOfKind(kind).one} added`));
  const update = useUpdateOrgItem(() => onClose(`${labelOfKind(kind).one} saved`));
  const mutation = editing ? update : create;
  const submit = form.onSubmit((values) => {
    const body = { ...values };
    if (editing && kind === 'custom-fields') delete body.entity;
    if (item) update.mutate({ kind, id: item.id, body });
    else create.mutate({ kind, body });
  });
  return (
    <Modal opened onClose={() => onClose()} title={editing ? `Edit ${labelOfKind(kind).one.toLowerCase()}` : `Add ${labelOfKind(kind).one.toLowerCase()}`} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={mutation.isError ? errorMessage(mutation.error) : null} />
          {spec.fields.map((field) => (
            <Field key={field.name} spec={field} form={form} editing={editing} selfId={item?.id} />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose()}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {editing ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
