import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatMoney } from '@hireflow/contracts/billing';
import { describePromo, type TSubscriptionView } from '@hireflow/contracts/billing-subscription';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useApplyPromo, useRemovePromo } from '../api/apply-promo';

/** Apply a promo code (the new price is said at once) or remove the one applied. */
export function PromoCodeForm({ subscription }: { subscription: TSubscriptionView }) {
  const [code, setCode] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const apply = useApplyPromo({ onSuccess: (answer) => { setDone(answer.message); setCode(''); } });
  const remove = useRemovePromo({ onSuccess: (answer) => setDone(answer.message) });
  const failed = apply.isError ? errorMessage(apply.error) : remove.isError ? errorMessage(remove.error) : null;
  const promo = subscription.promo;
  return (
    <Card withBorder component="section" aria-labelledby="promo-title">
      <Stack gap="sm">
        <Title order={2} id="promo-title" size="h3">
          Promo code
        </Title>
        {promo ? (
          <Group justify="space-between">
            <Text>
              <Text span fw={700}>
                {promo.code}
              </Text>{' '}
              is applied: {describePromo(promo, formatMoney)}
              {promo.appliesToPlan ? '' : ' (not on your current plan)'}.
            </Text>
            <Button variant="default" size="xs" loading={remove.isPending} onClick={() => { setDone(null); apply.reset(); remove.mutate(undefined); }}>
              Remove promo code
            </Button>
          </Group>
        ) : null}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setDone(null);
            remove.reset();
            if (code.trim()) apply.mutate({ code: code.trim() });
          }}
        >
          <Group align="flex-end">
            <TextInput label="Promo code" value={code} onChange={(e) => setCode(e.currentTarget.value)} maxLength={32} autoComplete="off" />
            <Button type="submit" loading={apply.isPending} disabled={!code.trim()}>
              Apply code
            </Button>
          </Group>
        </form>
        <FormAlert message={failed} />
        <FormAlert message={done} tone="success" />
      </Stack>
    </Card>
  );
}
