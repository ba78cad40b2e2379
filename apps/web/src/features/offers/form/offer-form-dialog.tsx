import '@mantine/dates/styles.layer.css';
import { useRef, useState } from 'react';
import { Alert, Button, Grid, Group, Loader, Modal, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { OfferLimits, PayPeriodLabels, PayPeriods, currencyDigits, type TOffer, type TOfferOptions, type TPayPeriod } from '@hireflow/contracts/offers';
import { UserPicker } from '@/features/jobs/components/user-picker';
import { errorMessage } from '@/lib/api-client';
import { useOfferOptions } from '../api/get-offer-options';
import { useCreateOffer } from '../api/create-offer';
import { useUpdateOffer } from '../api/update-offer';
import { useSubmitOffer } from '../api/submit-offer';
import { todayDay } from '../offer-format';
import { StandardLetter, initialOfferValues, offerRequest, serverFieldError, validateOfferValues, type OfferFormValues } from './offer-form-values';
import { OfferCustomFields } from './offer-custom-fields';

type Props = { applicationId: string; candidateName: string; offer: TOffer | null; onClose: () => void };

/** Make an offer, or change one (a draft, or an approved offer: a pay change sends it back for approval). */
export function OfferFormDialog({ applicationId, candidateName, offer, onClose }: Props) {
  const options = useOfferOptions(applicationId);
  const title = offer ? `Edit the offer to ${candidateName}` : `Make an offer to ${candidateName}`;
  return (
    <Modal opened onClose={onClose} size="xl" title={title}>
      {options.data ? (
        <OfferForm applicationId={applicationId} offer={offer} options={options.data} onClose={onClose} />
      ) : options.isError ? (
        <Alert color="red">{errorMessage(options.error)}</Alert>
      ) : (
        <Loader size="sm" role="progressbar" aria-label="Loading the offer form" />
      )}
    </Modal>
  );
}

type Intent = 'save' | 'submit';

function OfferForm({ applicationId, offer, options, onClose }: { applicationId: string; offer: TOffer | null; options: TOfferOptions; onClose: () => void }) {
  const form = useForm<OfferFormValues>({ initialValues: initialOfferValues(options, offer), validate: (values) => validateOfferValues(values, options) });
  const create = useCreateOffer();
  const update = useUpdateOffer();
  const submit = useSubmitOffer();
  // Which button submitted: a ref, because the submit handler runs before a state change would render.
  const intentRef = useRef<Intent>('save');
  const [intent, setIntent] = useState<Intent>('save');
  const choose = (next: Intent) => {
    intentRef.current = next;
    setIntent(next);
  };
  const [problem, setProblem] = useState<string | null>(null);
  const busy = create.isPending || update.isPending || submit.isPending;
  const approved = offer?.status === 'approved';
  const canSubmit = !offer || offer.status === 'draft';
  const currency = form.values.currency.trim().toUpperCase();
  const digits = /^[A-Z]{3}$/.test(currency) ? currencyDigits(currency) : null;

  const fail = (error: unknown) => {
    const at = serverFieldError(error, options);
    if (at) form.setFieldError(at.field, at.message);
    else setProblem(errorMessage(error));
  };

  const save = async (values: OfferFormValues) => {
    const intent = intentRef.current;
    setProblem(null);
    const input = offerRequest(values, options, offer === null);
    try {
      if (!offer) await create.mutateAsync({ applicationId, input: { ...input, submit: intent === 'submit' } });
      else {
        const saved = await update.mutateAsync({ id: offer.id, input });
        if (intent === 'submit' && saved.can.submit) await submit.mutateAsync(saved.id);
      }
      onClose();
    } catch (error) {
      fail(error);
    }
  };

  const amountHint = digits === null ? 'Digits and a decimal point, e.g. 85000.50' : digits === 0 ? `Whole ${currency} only, e.g. 85000` : `Up to ${digits} decimals, e.g. 85000.${'5'.padEnd(digits, '0')}`;
  return (
    <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
      <Stack>
        {approved ? (
          <Alert color="yellow" title="This offer is approved">
            Changing the pay (base, bonus, equity, other terms or currency) sends it back through the approval chain before it can be sent.
          </Alert>
        ) : null}
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Grid>
          <Grid.Col span={12}>
            <TextInput label="Job title" withAsterisk maxLength={OfferLimits.maxTitleLength} data-autofocus {...form.getInputProps('jobTitle')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateInput label="Start date" withAsterisk valueFormat="D MMM YYYY" minDate={todayDay()} placeholder="e.g. 1 Mar 2027" clearable {...form.getInputProps('startDate')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <DateInput
              label="Answer by"
              description="The last day the candidate can accept; the link stops working after it."
              withAsterisk
              valueFormat="D MMM YYYY"
              minDate={todayDay()}
              placeholder="e.g. 15 Feb 2027"
              {...form.getInputProps('expiryDate')}
            />
          </Grid.Col>
        </Grid>
        <Title order={3} fz="md">
          Compensation
        </Title>
        <Grid>
          <Grid.Col span={{ base: 4, sm: 2 }}>
            <TextInput
              label="Currency"
              withAsterisk
              maxLength={3}
              autoCapitalize="characters"
              {...form.getInputProps('currency')}
              onChange={(e) => form.setFieldValue('currency', e.currentTarget.value.toUpperCase())}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 8, sm: 5 }}>
            <TextInput label="Base amount" description={amountHint} withAsterisk inputMode="decimal" autoComplete="off" {...form.getInputProps('baseAmount')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Select
              label="Pay period"
              withAsterisk
              allowDeselect={false}
              data={PayPeriods.map((p) => ({ value: p, label: `Per ${PayPeriodLabels[p].replace(/^an? /, '')}` }))}
              {...form.getInputProps('period')}
              onChange={(v) => form.setFieldValue('period', (v ?? 'year') as TPayPeriod)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Bonus" description={`Optional, in ${currency || 'the same currency'}`} inputMode="decimal" autoComplete="off" {...form.getInputProps('bonusAmount')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Equity" description="Optional, as the letter should say it" maxLength={OfferLimits.maxTextLength} {...form.getInputProps('equity')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <Textarea label="Other terms" autosize minRows={2} maxLength={OfferLimits.maxTextLength} {...form.getInputProps('otherTerms')} />
          </Grid.Col>
        </Grid>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label="Letter template"
              allowDeselect={false}
              data={[{ value: StandardLetter, label: 'Standard letter' }, ...options.templates.map((t) => ({ value: t.id, label: t.name }))]}
              {...form.getInputProps('templateId')}
              onChange={(v) => form.setFieldValue('templateId', v ?? StandardLetter)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <UserPicker
              label="Reports to"
              description={offer ? undefined : 'Empty: the job’s hiring manager'}
              value={form.values.manager}
              onChange={(u) => form.setFieldValue('manager', u)}
              error={form.errors.manager as string | undefined}
            />
          </Grid.Col>
        </Grid>
        <OfferCustomFields form={form} fields={options.customFields} />
        <Textarea
          label="Internal note"
          description="For the approvers; never in the letter."
          autosize
          minRows={2}
          maxLength={OfferLimits.maxTextLength}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={canSubmit ? 'light' : 'filled'} loading={busy && intent === 'save'} disabled={busy} onClick={() => choose('save')}>
            {canSubmit ? 'Save draft' : 'Save'}
          </Button>
          {canSubmit ? (
            <Button type="submit" loading={busy && intent === 'submit'} disabled={busy} onClick={() => choose('submit')}>
              Save and submit for approval
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
