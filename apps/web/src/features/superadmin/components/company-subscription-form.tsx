import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PlanIds, Plans, formatMoney, type TPlanId } from '@hireflow/contracts/billing';
import { SuperadminValidation, type TCompanyRow } from '@hireflow/contracts/superadmin';
import { errorMessage } from '@/lib/api-client';
import { useChangeCompanySubscription } from '../api/change-company-subscription';

const planOptions = PlanIds.map((id) => ({ value: id, label: `${Plans[id].name}: ${Plans[id].seats} seats, ${formatMoney(Plans[id].monthlyPriceMinor)} a month` }));

/** The super admin puts the company on a plan with a number of seats (never fewer than its active users). */
export function CompanySubscriptionForm({ company }: { company: TCompanyRow }) {
  const [plan, setPlan] = useState<TPlanId>(company.plan);
  const [seats, setSeats] = useState(String(company.seats.allowed));
  const [reason, setReason] = useState('');
  const change = useChangeCompanySubscription({
    onSuccess: (answer) => {
      setReason('');
      notifications.show({ message: answer.message, color: 'pastel-green' });
    },
  });
  const seatCount = /^\d+$/.test(seats.trim()) ? Number(seats.trim()) : Number.NaN;
  const tooFew = Number.isFinite(seatCount) && seatCount < company.seats.used;
  const unchanged = plan === company.plan && seatCount === company.seats.allowed;
  const seatsError = seats.trim() && Number.isNaN(seatCount) ? 'Enter a whole number of seats.' : tooFew ? `This company has ${company.seats.used} active users: give it at least ${company.seats.used} seats.` : undefined;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="plan-heading">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          change.mutate({ id: company.id, plan, seats: seatCount, reason });
        }}
      >
        <Stack>
          <Title order={2} id="plan-heading" fz="h3">
            Plan and seats
          </Title>
          <Text fz="sm" c="dimmed">
            {company.seats.used} {company.seats.used === 1 ? 'user takes' : 'users take'} a seat now. The change applies at once and is kept in the history.
          </Text>
          {change.isError ? <Alert color="red">{errorMessage(change.error)}</Alert> : null}
          <Group align="start" gap="sm">
            <NativeSelect
              label="Plan"
              data={planOptions}
              value={plan}
              onChange={(e) => {
                const next = e.currentTarget.value as TPlanId;
                setPlan(next);
                setSeats(String(Math.max(Plans[next].seats, company.seats.used)));
              }}
              w={380}
            />
            <TextInput
              label="Seats"
              description={`At least ${company.seats.used}`}
              inputMode="numeric"
              value={seats}
              onChange={(e) => setSeats(e.currentTarget.value)}
              maxLength={6}
              error={seatsError}
              w={180}
            />
          </Group>
          <Textarea
            label="Reason (optional)"
            description="Kept in the company's history"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={SuperadminValidation.maxReasonLength}
            autosize
            minRows={2}
          />
          <Group>
            <Button type="submit" loading={change.isPending} disabled={unchanged || !!seatsError || !seatCount}>
              Save plan and seats
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
