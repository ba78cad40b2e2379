import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TOfferOnboarding, TOnboardingItem } from '@hireflow/contracts/offers-onboarding';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { emitLiveEvent } from '@/features/pipeline/live/live-events';
import { ApplicationOnboardingPanel } from './application-onboarding-panel';

const http = mockHttp();
const applicationId = '64c0000000000000000000a1';
const offerId = '64e0000000000000000000f1';
const item = (n: string, name: string, extra: Partial<TOnboardingItem> = {}): TOnboardingItem => ({
  documentId: n.padStart(24, 'd'),
  name,
  description: '',
  required: true,
  fileTypes: ['pdf'],
  state: 'missing',
  fileId: null,
  filename: null,
  uploadedAt: null,
  reviewer: null,
  reviewedAt: null,
  note: '',
  ...extra,
});
const rita = { id: 'u1', name: 'Rita Recruiter', email: 'rita@example.test' };
const uploaded = { fileId: 'A'.repeat(22), uploadedAt: '2026-11-20T10:00:00.000Z' };

function view(documents: TOnboardingItem[], canReview = true): TOfferOnboarding {
  return { offerId, offerStatus: 'accepted', documents, canReview };
}
const rowOf = (name: string) => screen.findByRole('listitem', { name });

describe('ApplicationOnboardingPanel', () => {
  it('shows each document with its state, downloads a file with the bearer token, accepts one and asks again for another with a note', async () => {
    signIn({ role: 'recruiter' });
    let current = view([
      item('1', 'Passport or ID', { ...uploaded, state: 'submitted', filename: 'passport.png', fileTypes: ['pdf', 'jpg', 'png'] }),
      item('2', 'Signed employment contract', { ...uploaded, state: 'submitted', filename: 'contract.pdf' }),
      item('3', 'Bank details form', { ...uploaded, state: 'needs_changes', filename: 'bank.pdf', reviewer: rita, reviewedAt: uploaded.uploadedAt, note: 'Page 2 is missing.' }),
      item('4', 'Tax form', { required: false }),
    ]);
    http.onGet(`/api/applications/${applicationId}/onboarding`).reply(() => [200, current]);
    const reviews: { url: string; body: unknown }[] = [];
    http.onPost(new RegExp(`/api/offers/${offerId}/onboarding/d+\\d/review`)).reply((config) => {
      const body = JSON.parse(config.data as string) as { decision: string; note?: string };
      const documentId = config.url!.split('/')[5]!;
      reviews.push({ url: config.url!, body });
      current = view(current.documents.map((d) => (d.documentId === documentId ? { ...d, state: body.decision === 'accept' ? 'accepted' : 'needs_changes', reviewer: rita, note: body.note ?? '' } : d)));
      return [200, current];
    });
    http.onGet(`/api/files/${uploaded.fileId}`).reply(200, new Blob(['png']));
    const createObjectURL = vi.fn(() => 'blob:doc');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });

    renderWithProviders(<ApplicationOnboardingPanel applicationId={applicationId} />);
    const panel = await screen.findByRole('region', { name: 'Onboarding documents' });
    expect(within(panel).getByText('0 of 3 required accepted')).toBeInTheDocument();
    expect(within(await rowOf('Passport or ID')).getByText('Waiting for review')).toBeInTheDocument();
    expect(within(await rowOf('Passport or ID')).getByText(/PDF, JPG or PNG/)).toBeInTheDocument();
    const bank = await rowOf('Bank details form');
    expect(within(bank).getByText('Needs changes')).toBeInTheDocument();
    expect(within(bank).getByText('Note: Page 2 is missing.')).toBeInTheDocument();
    expect(within(bank).getByText(/Asked again by Rita Recruiter/)).toBeInTheDocument();
    expect(within(await rowOf('Tax form')).getByText('Missing')).toBeInTheDocument();
    expect(within(await rowOf('Tax form')).queryByRole('button')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download passport.png' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const fileRequest = http.history.get!.find((r) => r.url === `/api/files/${uploaded.fileId}`);
    expect(String(fileRequest?.headers?.Authorization)).toMatch(/^Bearer /);

    await user.click(screen.getByRole('button', { name: 'Accept Passport or ID' }));
    await waitFor(() => expect(reviews[0]).toEqual({ url: `/api/offers/${offerId}/onboarding/${item('1', '').documentId}/review`, body: { decision: 'accept' } }));
    expect(await within(await rowOf('Passport or ID')).findByText('Accepted')).toBeInTheDocument();
    expect(within(panel).getByText('1 of 3 required accepted')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ask again for Signed employment contract' }));
    const send = screen.getByRole('button', { name: 'Send request' });
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /What should change in Signed employment contract/ }), 'Please sign page 3.');
    await user.click(send);
    await waitFor(() => expect(reviews[1]!.body).toEqual({ decision: 'ask_again', note: 'Please sign page 3.' }));
    const contract = await rowOf('Signed employment contract');
    expect(await within(contract).findByText('Needs changes')).toBeInTheDocument();
    expect(within(contract).getByText('Note: Please sign page 3.')).toBeInTheDocument();
  });

  it('refreshes when the new hire uploads (live event) and offers no review buttons to those who only see the offer', async () => {
    signIn({ role: 'employee' });
    let current = view([item('1', 'Passport or ID')], false);
    http.onGet(`/api/applications/${applicationId}/onboarding`).reply(() => [200, current]);
    renderWithProviders(<ApplicationOnboardingPanel applicationId={applicationId} />);
    expect(await within(await rowOf('Passport or ID')).findByText('Missing')).toBeInTheDocument();

    current = view([item('1', 'Passport or ID', { ...uploaded, state: 'submitted', filename: 'id.pdf' })], false);
    emitLiveEvent({ id: 'e1', kind: 'offer.changed', at: new Date().toISOString(), jobId: null, applicationId, candidateId: null, byUserId: null, data: { offerId, change: 'onboarding_document' } });
    expect(await screen.findByText('Waiting for review')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download id.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept|Ask again/ })).toBeNull();
  });

  it('shows nothing without an accepted offer, or to those who may not see the offer', async () => {
    signIn({ role: 'recruiter' });
    http.onGet(`/api/applications/${applicationId}/onboarding`).replyOnce(200, { offerId: null, offerStatus: null, documents: [], canReview: false });
    const first = renderWithProviders(<ApplicationOnboardingPanel applicationId={applicationId} />);
    await waitFor(() => expect(http.history.get!.length).toBeGreaterThan(0));
    await waitFor(() => expect(first.queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('region', { name: 'Onboarding documents' })).toBeNull();
    first.unmount();

    http.onGet(`/api/applications/${applicationId}/onboarding`).replyOnce(404, { code: 'not_found', message: 'Offer not found' });
    const second = renderWithProviders(<ApplicationOnboardingPanel applicationId={applicationId} />);
    await waitFor(() => expect(second.queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('region', { name: 'Onboarding documents' })).toBeNull();
  });
});
