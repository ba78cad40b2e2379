import { useState } from 'react';
import { Button, Checkbox, Group, Modal, NumberInput, SegmentedControl, Stack, Switch, TextInput } from '@mantine/core';
import { PlanIds, Plans, type TPlanId } from '@hireflow/contracts/billing';
import { PromoValidation, type TPromo, type TPromoInput, type TPromoKind } from '@hireflow/contracts/billing-subscription';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useSavePromo } from '../api/promos';

const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** Create or edit one promo code (the super admin). A fixed amount is typed in euros and sent in cents. */
export function PromoFormModal({ promo, onClose, onSaved }: { promo: TPromo | null; onClose: () => void; onSaved: (message: string) => void }) {
  const [code, setCode] = useState(promo?.code ?? '');
  const [kind, setKind] = useState<TPromoKind>(promo?.kind ?? 'percent');
  const [value, setValue] = useState<number | string>(promo ? (promo.kind === 'amount' ? promo.value / 100 : promo.value) : 20);
  const [plans, setPlans] = useState<string[]>(promo?.plans ?? [...PlanIds]);
  const [validFrom, setValidFrom] = useState(dayOf(promo?.validFrom ?? null));
  const [validTo, setValidTo] = useState(dayOf(promo?.validTo ?? null));
  const [maxUses, setMaxUses] = useState<number | string>(promo?.maxUses ?? '');
  const [active, setActive] = useState(promo?.active ?? true);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSavePromo({
    onSuccess: (saved) => {
      onSaved(promo ? `Promo code ${saved.code} saved.` : `Promo code ${saved.code} created.`);
      onClose();
    },
  });

  function submit() {
    const amount = Number(value);
    if (!code.trim() || !PromoValidation.codePattern.test(code.trim())) return setProblem('Code: use letters, digits, - and _ only.');
    if (!Number.isFinite(amount) || amount <= 0) return setProblem(kind === 'percent' ? 'Percentage: enter 1 to 100.' : 'Amount: enter an amount above zero.');
    if (kind === 'percent' && (amount > 100 || !Number.isInteger(amount))) return setProblem('Percentage: enter a whole number from 1 to 100.');
    if (plans.length === 0) return setProblem('Plans: choose at least one plan.');
    setProblem(null);
    const input: TPromoInput = {
      code: code.trim(),
      kind,
      value: kind === 'amount' ? Math.round(amount * 100) : amount,
      plans: plans as TPlanId[],
      validFrom: validFrom ? new Date(`${validFrom}T00:00:00Z`) : null,
      validTo: validTo ? new Date(`${validTo}T23:59:59Z`) : null,
      maxUses: maxUses === '' ? null : Number(maxUses),
      active,
    };
    save.mutate({ id: promo?.id ?? null, input });
  }

  return (
    <Modal opened onClose={onClose} title={promo ? `Edit promo code ${promo.code}` : 'New promo code'}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <TextInput label="Code" required value={code} maxLength={PromoValidation.maxCodeLength} onChange={(e) => setCode(e.currentTarget.value.toUpperCase())} description="Letters, digits, - and _; not case-sensitive." />
          <SegmentedControl
            aria-label="Discount kind"
            value={kind}
            onChange={(v) => setKind(v as TPromoKind)}
            data={[
              { value: 'percent', label: 'Percentage' },
              { value: 'amount', label: 'Fixed amount' },
            ]}
          />
          {kind === 'percent' ? (
            <NumberInput label="Percentage off" required min={1} max={100} allowDecimal={false} suffix="%" value={value} onChange={setValue} />
          ) : (
            <NumberInput label="Amount off each month (€)" required min={0.01} decimalScale={2} value={value} onChange={setValue} />
          )}
          <Checkbox.Group label="Plans it applies to" value={plans} onChange={setPlans}>
            <Group mt={4}>
              {PlanIds.map((id) => (
                <Checkbox key={id} value={id} label={Plans[id].name} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group grow>
            <TextInput type="date" label="Valid from" value={validFrom} onChange={(e) => setValidFrom(e.currentTarget.value)} />
            <TextInput type="date" label="Valid to" value={validTo} onChange={(e) => setValidTo(e.currentTarget.value)} />
          </Group>
          <NumberInput label="Maximum uses" description="Empty: no limit." min={1} allowDecimal={false} value={maxUses} onChange={setMaxUses} />
          <Switch label="Active" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
          <FormAlert message={problem ?? (save.isError ? errorMessage(save.error) : null)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {promo ? 'Save promo code' : 'Create promo code'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
