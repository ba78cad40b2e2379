import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TOfferSummary } from '@hireflow/contracts/offers';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { emitLiveEvent } from '@/features/pipeline/live/live-events';
import { addDays, todayDay } from '../offer-format';
import { buildOffer } from '../test-offers';
import OffersAwaitingAnswerCard from './offers-awaiting-answer-card';

const http = mockHttp();
const url = '/api/offers/awaiting-answer';

function summary(overrides: Partial<TOfferSummary>): TOfferSummary {
  const { id, applicationId, candidate, job, jobTitle, startDate, expiryDate, compensation, createdAt } = buildOffer();
  return { id, applicationId, candidate, job, jobTitle, startDate, expiryDate, compensation, createdAt, status: 'sent', sentAt: '2026-03-02T10:00:00.000Z', ...overrides };
}

describe('the dashboard card of offers sent and not yet answered', () => {
  it('lists each offer with its candidate, job, sent date and last day, the soonest to expire first and highlighted', async () => {
    signIn({ role: 'recruiter' });
    const today = todayDay();
    const later = summary({ id: 'o1', applicationId: 'app-later', candidate: { id: 'c1', name: 'Grace Hopper', email: 'g@example.test' }, job: { id: 'j1', name: 'Data Engineer' }, expiryDate: addDays(today, 20) });
    const soon = summary({ id: 'o2', applicationId: 'app-soon', candidate: { id: 'c2', name: 'Ada Lovelace', email: 'a@example.test' }, expiryDate: addDays(today, 1) });
    http.onGet(url).reply(200, { items: [later, soon], total: 2, page: 1, pageSize: 25 });
    renderWithProviders(<OffersAwaitingAnswerCard />);
    const card = await screen.findByRole('region', { name: 'Offers sent, not yet answered' });
    const rows = await within(card).findAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute('href', '/application/app-soon');
    expect(rows[0]).toHaveTextContent('Backend Engineer · sent 2 Mar 2026');
    expect(within(rows[0]!).getByText('Expires soon')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Data Engineer');
    expect(within(rows[1]!).queryByText(/Expires/)).toBeNull();
    expect(within(card).getByText('in all').parentElement).toHaveTextContent('2 in all');
  });

  it('says what to do when nothing waits for an answer, and reloads when an offer changes', async () => {
    signIn({ role: 'recruiter' });
    let calls = 0;
    http.onGet(url).reply(() => {
      calls += 1;
      return [200, calls === 1 ? { items: [], total: 0, page: 1, pageSize: 25 } : { items: [summary({ expiryDate: todayDay() })], total: 1, page: 1, pageSize: 25 }];
    });
    renderWithProviders(<OffersAwaitingAnswerCard />);
    expect(await screen.findByText(/No offers are waiting for an answer\. Once an approved offer is sent/)).toBeInTheDocument();
    emitLiveEvent({ id: 'e1', kind: 'offer.changed', at: '2026-03-03T10:00:00.000Z', jobId: 'j', applicationId: 'a', candidateId: 'c', byUserId: null, data: { offerId: 'o', change: 'sent' } });
    expect(await screen.findByText('Expires today')).toBeInTheDocument();
  });
});
