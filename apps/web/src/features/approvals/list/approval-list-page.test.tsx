import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TApprovalKind, TApprovalSummary } from '@hireflow/contracts/approvals';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const hank = { id: 'h', name: 'Hank Manager', email: 'hm@acme.test' };
const ann = { id: 'a', name: 'Ann Approver', email: 'ann@acme.test' };

function summary(kind: TApprovalKind, n: number, overrides: Partial<TApprovalSummary> = {}): TApprovalSummary {
  const subjectId = `64f0000000000000000000${String(n).padStart(2, '0')}`;
  return {
    id: `ap${n}`,
    kind,
    subjectId,
    title: kind === 'offer' ? `Offer: Candidate ${n}, Backend Engineer` : `Position ${n}`,
    detail: kind === 'offer' ? 'EUR 85,000.50 a year' : '2 positions, Engineering, Berlin',
    link: `/${kind}-approval/${subjectId}`,
    status: 'pending',
    requester: hank,
    currentApprover: ann,
    submittedAt: '2026-11-01T10:00:00.000Z',
    myDecision: null,
    myDecidedAt: null,
    ...overrides,
  };
}

type Asked = { kind?: string; view: string; page: number };

/** Answers the list per view; returns what the page asked for. */
function serveApprovals(answer: (q: Asked) => { items: TApprovalSummary[]; total: number }) {
  const asked: Asked[] = [];
  http.onGet('/api/approvals').reply((config) => {
    const q = config.params as Asked;
    asked.push(q);
    return [200, { ...answer(q), page: q.page, pageSize: 25 }];
  });
  return asked;
}

describe('/offer-approval-all', () => {
  it('lists offers waiting for me with their pay, and what I decided in its own tab', async () => {
    signIn({ role: 'recruiter' });
    const asked = serveApprovals((q) =>
      q.view === 'pending'
        ? { items: [summary('offer', 1)], total: 1 }
        : q.view === 'decided'
          ? { items: [summary('offer', 2, { status: 'rejected', currentApprover: null, myDecision: 'rejected', myDecidedAt: '2026-11-03T10:00:00.000Z' })], total: 1 }
          : { items: [], total: 0 },
    );
    renderWithProviders(null, { route: '/offer-approval-all' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer approvals' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const link = await screen.findByRole('link', { name: 'Offer: Candidate 1, Backend Engineer' });
    expect(link).toHaveAttribute('href', '/offer-approval/64f000000000000000000001');
    const row = link.closest('tr')!;
    expect(within(row).getByText('EUR 85,000.50 a year')).toBeInTheDocument();
    expect(within(row).getByText('Hank Manager')).toBeInTheDocument();
    expect(within(row).getByText('Ann Approver')).toBeInTheDocument();
    expect(within(row).getByText('Waiting')).toBeInTheDocument();
    expect(asked[0]).toEqual({ kind: 'offer', view: 'pending', page: 1 });

    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Decided by me' }));
    const decided = await screen.findByRole('link', { name: 'Offer: Candidate 2, Backend Engineer' });
    expect(screen.getByRole('columnheader', { name: 'My decision' })).toBeInTheDocument();
    expect(within(decided.closest('tr')!).getByText(/^Rejected \S+/)).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ kind: 'offer', view: 'decided', page: 1 });

    await user.click(screen.getByRole('tab', { name: 'My requests' }));
    expect(await screen.findByText(/You have not submitted any offer for approval yet. Offers are made from an application in an offer stage./)).toBeInTheDocument();
  });

  it('says what comes here when nothing waits, and shows why the list could not load', async () => {
    signIn({ role: 'recruiter' });
    http.onGet('/api/approvals').replyOnce(200, { items: [], total: 0, page: 1, pageSize: 25 });
    http.onGet('/api/approvals').reply(500, { code: 'internal_error', message: 'Oops! Something went wrong' });
    renderWithProviders(null, { route: '/offer-approval-all' });
    expect(await screen.findByText(/Nothing is waiting for your approval. When you are the next approver of an offer, it shows up here/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Decided by me' }));
    expect(await screen.findByText('Oops! Something went wrong')).toBeInTheDocument();
  });
});

describe('/vacancy-approval-all', () => {
  it('is the same list for requisitions, and pages through it', async () => {
    signIn({ role: 'employee', addlRoles: ['HM'] });
    const asked = serveApprovals((q) => ({
      items: q.view === 'pending' ? [summary('vacancy', q.page === 1 ? 1 : 26)] : [],
      total: q.view === 'pending' ? 30 : 0,
    }));
    renderWithProviders(null, { route: '/vacancy-approval-all' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vacancy approvals' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Position 1' })).toHaveAttribute('href', '/vacancy-approval/64f000000000000000000001');
    expect(screen.getByText('2 positions, Engineering, Berlin')).toBeInTheDocument();
    expect(asked[0]).toEqual({ kind: 'vacancy', view: 'pending', page: 1 });

    const user = userEvent.setup();
    await user.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Position 26' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Position 1' })).not.toBeInTheDocument());
    expect(asked.at(-1)).toEqual({ kind: 'vacancy', view: 'pending', page: 2 });

    await user.click(screen.getByRole('tab', { name: 'My requests' }));
    expect(await screen.findByText(/You have not asked for any position yet/)).toBeInTheDocument();
  });
});
