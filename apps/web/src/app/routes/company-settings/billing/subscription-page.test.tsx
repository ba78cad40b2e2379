import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import { BillingMessages, PlanIds, Plans } from '@hireflow/contracts/billing';
import type { TQuote, TSubscriptionView } from '@hireflow/contracts/billing-subscription';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

function view(over: Partial<TSubscriptionView> = {}): TSubscriptionView {
  const plan = over.plan ?? 'growth';
  return {
    plan,
    planName: Plans[plan].name,
    currency: 'EUR',
    priceMinor: Plans[plan].monthlyPriceMinor,
    discountedPriceMinor: Plans[plan].monthlyPriceMinor,
    seats: Plans[plan].seats,
    seatsUsed: 3,
    state: 'trialing',
    inTrial: true,
    trialEndsAt: '2026-12-08T10:00:00.000Z',
    trialDaysLeft: 10,
    features: ['reports', 'agencies', 'integrations', 'api'],
    promo: null,
    plans: PlanIds.map((id) => ({ id, name: Plans[id].name, blurb: Plans[id].blurb, seats: Plans[id].seats, features: [...Plans[id].features], priceMinor: Plans[id].monthlyPriceMinor, discountedPriceMinor: Plans[id].monthlyPriceMinor, current: id === plan })),
    provider: 'manual',
    ...over,
  };
}

function signInAsAdmin() {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
}

async function openPage() {
  renderWithProviders(null, { route: '/company-settings/Subscription' });
  await screen.findByRole('heading', { name: 'Subscription', level: 1 });
}

describe('/company-settings/Subscription', () => {
  it('shows the plan, its price, the trial end and seats used of allowed with a progress bar', async () => {
    signInAsAdmin();
    http.onGet('/api/subscription').reply(200, view());
    await openPage();
    expect(await screen.findByRole('heading', { name: 'Current plan: Growth' })).toBeInTheDocument();
    expect(screen.getByLabelText('Monthly price')).toHaveTextContent('€399.00 a month');
    expect(screen.getByText(/Your free trial ends on 8 Dec 2026 \(10 days left\)/)).toBeInTheDocument();
    expect(screen.getByText('Seats: 3 of 25 used')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Seats used' })).toHaveAttribute('aria-valuenow', '12');
    const starter = screen.getByRole('article', { name: 'Starter' });
    expect(within(starter).getByText('€99.00 a month')).toBeInTheDocument();
    expect(within(starter).getByText('5 seats')).toBeInTheDocument();
    expect(within(starter).getByText('Not included: Recruitment agencies')).toBeInTheDocument();
  });

  it('applies a promo code and shows the new price; a refused code says why', async () => {
    signInAsAdmin();
    http.onGet('/api/subscription').reply(200, view());
    let sent: unknown = null;
    http.onPost('/api/subscription/promo').replyOnce(409, { code: 'conflict', message: 'This promo code expired on 1 Feb 2020.' });
    http.onPost('/api/subscription/promo').reply((config) => {
      sent = JSON.parse(config.data as string);
      return [200, { message: 'Promo code LAUNCH20 applied. Your plan now costs €319.20 a month.', subscription: view({ discountedPriceMinor: 31_920, promo: { code: 'LAUNCH20', kind: 'percent', value: 20, plans: ['starter', 'growth', 'enterprise'], appliesToPlan: true } }) }];
    });
    const user = userEvent.setup();
    await openPage();
    await user.type(await screen.findByRole('textbox', { name: 'Promo code' }), 'OLDCODE');
    await user.click(screen.getByRole('button', { name: 'Apply code' }));
    expect(await screen.findByText('This promo code expired on 1 Feb 2020.')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Promo code' }));
    await user.type(screen.getByRole('textbox', { name: 'Promo code' }), 'launch20');
    await user.click(screen.getByRole('button', { name: 'Apply code' }));
    expect(await screen.findByText('Promo code LAUNCH20 applied. Your plan now costs €319.20 a month.')).toBeInTheDocument();
    expect(sent).toEqual({ code: 'launch20' });
    expect(screen.getByLabelText('Monthly price')).toHaveTextContent('€399.00 €319.20 a month');
    expect(screen.getByText(/is applied: 20% off/)).toBeInTheDocument();
  });

  it('changing plan shows the price difference and asks for confirmation; a downgrade with too few seats cannot be confirmed', async () => {
    signInAsAdmin();
    let current = view({ state: 'active', inTrial: false, trialEndsAt: null, trialDaysLeft: null });
    http.onGet('/api/subscription').reply(() => [200, current]);
    const quote = (plan: 'starter' | 'enterprise', over: Partial<TQuote>): TQuote => ({ currentPlan: 'growth', plan, currentPriceMinor: 39_900, priceMinor: Plans[plan].monthlyPriceMinor, newPriceMinor: Plans[plan].monthlyPriceMinor, differenceMinor: Plans[plan].monthlyPriceMinor - 39_900, promo: null, promoProblem: null, blocked: null, ...over });
    http.onGet('/api/subscription/quote', { params: { plan: 'enterprise' } }).reply(200, quote('enterprise', {}));
    const tooFew = 'The Starter plan has 5 seats but 8 users are active. Deactivate 3 users on Company settings → Manage users first, or choose a bigger plan.';
    http.onGet('/api/subscription/quote', { params: { plan: 'starter' } }).reply(200, quote('starter', { blocked: tooFew }));
    let changedTo: unknown = null;
    http.onPost('/api/subscription/plan').reply((config) => {
      changedTo = JSON.parse(config.data as string);
      current = view({ plan: 'enterprise', state: 'active', inTrial: false, trialEndsAt: null, trialDaysLeft: null });
      return [200, { kind: 'applied', message: 'Your company is now on the Enterprise plan at €1,199.00 a month.', subscription: current }];
    });
    const user = userEvent.setup();
    await openPage();

    await user.click(await screen.findByRole('button', { name: 'Change to Starter' }));
    let dialog = await screen.findByRole('dialog', { name: 'Change to the Starter plan?' });
    expect(await within(dialog).findByText(tooFew)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm change to Starter' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Change to Enterprise' }));
    dialog = await screen.findByRole('dialog', { name: 'Change to the Enterprise plan?' });
    expect(await within(dialog).findByText('Difference: +€800.00 a month')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm change to Enterprise' }));
    expect(await screen.findByText('Your company is now on the Enterprise plan at €1,199.00 a month.')).toBeInTheDocument();
    expect(changedTo).toEqual({ plan: 'enterprise' });
    expect(await screen.findByRole('heading', { name: 'Current plan: Enterprise' })).toBeInTheDocument();
  });

  it('says in words when the subscription cannot be loaded', async () => {
    signInAsAdmin();
    http.onGet('/api/subscription').reply(403, { code: 'forbidden', message: 'You need the "companySettings" access right' });
    await openPage();
    expect(await screen.findByText('You need the "companySettings" access right')).toBeInTheDocument();
  });
});

describe('a plan or seat refusal anywhere', () => {
  it('shows its message with a link to the Subscription page', async () => {
    const { FormAlert } = await import('@/components/form-alert');
    renderWithProviders(<FormAlert message={BillingMessages.seatsFull(5)} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(BillingMessages.seatsFull(5));
    expect(screen.getByRole('link', { name: 'Open Subscription' })).toHaveAttribute('href', '/company-settings/Subscription');
  });
});
