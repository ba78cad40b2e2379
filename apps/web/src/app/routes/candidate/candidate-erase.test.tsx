import { afterEach, describe, expect, it } from 'vitest';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCandidateProfile } from '@hireflow/contracts/candidates-profile';
import { PrivacyMessages } from '@hireflow/contracts/privacy';
import type { TAccessRight } from '@hireflow/contracts/roles';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
afterEach(() => notifications.clean());
const id = '64c000000000000000000001';

const ada: TCandidateProfile = {
  id,
  mergedIntoId: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  phone: '+44 20 7946 0001',
  location: 'London',
  currentTitle: 'Analyst',
  currentCompany: 'Engines Ltd',
  experienceYears: 7,
  skills: [],
  tags: [],
  source: 'career_site',
  consentAt: null,
  legalBasis: null,
  consentExpiresAt: null,
  erasedAt: null,
  consentSource: '',
  unsubscribedAt: null,
  resume: null,
  applications: [],
  createdAt: '2026-10-01T09:00:00.000Z',
  lastActivityAt: '2026-10-02T09:00:00.000Z',
  pinned: false,
  limited: false,
  canEdit: true,
};
const erased: TCandidateProfile = { ...ada, firstName: 'Erased', lastName: 'candidate', email: '', phone: '', location: '', currentTitle: '', currentCompany: '', erasedAt: '2026-11-25T10:00:00.000Z' };

function openProfile(rights: TAccessRight[], profile: () => TCandidateProfile = () => ada) {
  const session = signIn({ role: 'recruiter', admin: rights.includes('companySettings') });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights });
  http.onGet(`/api/candidates/${id}`).reply(() => [200, profile()]);
  http.onGet(`/api/candidates/${id}/timeline`).reply(200, { items: [], nextBefore: null });
  http.onGet(`/api/candidates/${id}/notes`).reply(200, { items: [] });
  http.onGet(`/api/candidates/${id}/duplicates`).reply(200, { items: [] });
  http.onGet('/api/interviews', { params: { candidateId: id } }).reply(200, { items: [], hasMore: false });
  return renderWithProviders(null, { route: `/candidate/${id}` });
}

describe('/candidate/:id: erasing the candidate', () => {
  it('is offered only to users with the companySettings right', async () => {
    openProfile(['candidates' as TAccessRight].filter((r) => r !== 'companySettings'));
    await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 });
    await screen.findByRole('button', { name: 'Add to job' });
    expect(screen.queryByRole('button', { name: 'Erase candidate' })).toBeNull();
  });

  it('says what goes and that it cannot be undone, waits for the name typed back, then shows the erased profile and a notification', async () => {
    let current = ada;
    const sent: unknown[] = [];
    http.onPost(`/api/privacy/candidates/${id}/erase`).reply((config) => {
      sent.push(JSON.parse(config.data as string));
      current = erased;
      return [200, { erased: true, message: PrivacyMessages.erased }];
    });
    openProfile(['companySettings'], () => current);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Erase candidate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Ada Lovelace?' });
    expect(within(dialog).getByText('This cannot be undone.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Anonymous events/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Résumés and other files, notes/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Erase candidate' });
    expect(confirm).toBeDisabled();
    const input = within(dialog).getByRole('textbox', { name: "Type the candidate's name to confirm" });
    await user.type(input, 'Ada Lovelac');
    expect(confirm).toBeDisabled();
    await user.type(input, 'e');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByText(PrivacyMessages.erased)).toBeInTheDocument();
    expect(sent).toEqual([{ confirmName: 'Ada Lovelace' }]);
    expect(await screen.findByRole('heading', { name: 'Erased candidate', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('This candidate was erased')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Erase candidate' })).toBeNull();
  });

  it('shows a refusal in the dialog and keeps the profile', async () => {
    http.onPost(`/api/privacy/candidates/${id}/erase`).reply(400, { code: 'bad_request', message: PrivacyMessages.confirmNameMismatch });
    openProfile(['companySettings']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Erase candidate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase Ada Lovelace?' });
    await user.type(within(dialog).getByRole('textbox', { name: "Type the candidate's name to confirm" }), 'ada  lovelace');
    await user.click(within(dialog).getByRole('button', { name: 'Erase candidate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PrivacyMessages.confirmNameMismatch);
    expect(screen.getByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeInTheDocument();
  });
});
