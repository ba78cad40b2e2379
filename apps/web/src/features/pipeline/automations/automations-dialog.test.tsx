import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TStageAutomationsList } from '@hireflow/contracts/pipeline';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { CompanyApi, DefaultCompanyPreferences } from '@hireflow/contracts/company';

const http = mockHttp();
const ids = { applied: '64a000000000000000000001', interview: '64a000000000000000000002', offer: '64a000000000000000000003', hired: '64a000000000000000000004', rejected: '64a000000000000000000005' };
const template = { stages: [
  { id: ids.applied, name: 'Applied', kind: 'screening' },
  { id: ids.interview, name: 'Interview', kind: 'interview' },
  { id: ids.offer, name: 'Offer', kind: 'offer' },
  { id: ids.hired, name: 'Hired', kind: 'hired' },
  { id: ids.rejected, name: 'Rejected', kind: 'rejected' },
] };
const templateId = '64b000000000000000000001';
const automations = (interview: TStageAutomationsList['stages'][number]['automations'] = []): TStageAutomationsList => ({
  stages: template.stages.map((s) => ({ stageId: s.id, name: s.name, kind: s.kind as 'screening', automations: s.id === ids.interview ? interview : s.id === ids.offer ? [{ id: 'a1', action: 'notify_hiring_manager', templateId: null, templateName: '', delayMinutes: 0 }] : [] })),
});

/** An admin: the access matrix grants the workflow settings page (company-settings/preferences). */
function signInAsAdmin() {
  const session = signIn({ role: 'recruiter', admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: [CompanySettingsPages.preferences] });
}

function responds(list = automations()) {
  http.onGet('/api/workflow-template').reply(200, template);
  http.onGet('/api/stage-automations').reply(200, list);
  http.onGet(CompanyApi.preferences).reply(200, DefaultCompanyPreferences);
  http.onGet('/api/mail/templates').reply(200, { items: [{ id: templateId, kind: 'pipeline', name: 'Moving forward', subject: 'Next steps', body: 'Hello', updatedAt: '2026-11-23T00:00:00.000Z' }] });
}

/** Mantine Select by keyboard: focus it, open it, type to filter and press Enter. */
async function choose(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, option: string) {
  await user.click(box);
  const listbox = document.getElementById(box.getAttribute('aria-controls') ?? '') ?? document.body;
  await user.click(await within(listbox).findByRole('option', { name: option }));
}

describe('stage automations on the workflow settings page', () => {
  it('shows each stage’s count and saves a delayed candidate mail and a hiring-manager notice', async () => {
    signInAsAdmin();
    responds();
    let sent: unknown = null;
    http.onPut(`/api/stage-automations/${ids.interview}`).reply((config) => {
      sent = JSON.parse(config.data as string);
      return [200, { stageId: ids.interview, name: 'Interview', kind: 'interview', automations: [
        { id: 'n1', action: 'send_candidate_mail', templateId, templateName: 'Moving forward', delayMinutes: 120 },
        { id: 'n2', action: 'notify_hiring_manager', templateId: null, templateName: '', delayMinutes: 2880 },
      ] }];
    });
    renderWithProviders(null, { route: '/company-settings/preferences' });
    const user = userEvent.setup();

    expect(await screen.findByRole('button', { name: 'Automations of stage 3: 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Automations of stage 2: 0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Automations of “Interview”' });
    expect(within(dialog).getByText('No automations for this stage yet.')).toBeInTheDocument();

    // A candidate mail without a template is not saved.
    await user.click(within(dialog).getByRole('button', { name: 'Add an action' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save automations' }));
    expect(await within(dialog).findByText('Choose the mail template to send.')).toBeInTheDocument();
    expect(sent).toBeNull();

    await choose(user, within(dialog).getByRole('combobox', { name: /Template of action 1/ }), 'Moving forward');
    await choose(user, within(dialog).getByRole('combobox', { name: 'When (action 1)' }), 'After some hours');
    const hours = within(dialog).getByRole('textbox', { name: 'Hours (action 1)' });
    await user.clear(hours);
    await user.type(hours, '2');

    await user.click(within(dialog).getByRole('button', { name: 'Add an action' }));
    await choose(user, within(dialog).getByRole('combobox', { name: 'Action 2' }), 'Notify the hiring manager');
    await choose(user, within(dialog).getByRole('combobox', { name: 'When (action 2)' }), 'After some days');
    const days = within(dialog).getByRole('textbox', { name: 'Days (action 2)' });
    await user.clear(days);
    await user.type(days, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save automations' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual({ automations: [
      { action: 'send_candidate_mail', templateId, delayMinutes: 120 },
      { action: 'notify_hiring_manager', templateId: null, delayMinutes: 2880 },
    ] });
    expect(await screen.findByRole('button', { name: 'Automations of stage 2: 2' })).toBeInTheDocument();
  });

  it('removes an action and shows the server’s refusal in the dialog', async () => {
    signInAsAdmin();
    responds(automations([{ id: 'x1', action: 'request_scorecards', templateId: null, templateName: '', delayMinutes: 1440 }]));
    http.onPut(`/api/stage-automations/${ids.interview}`).reply(400, { code: 'bad_request', message: 'This stage is not in your workflow; reload the page.' });
    renderWithProviders(null, { route: '/company-settings/preferences' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Automations of stage 2: 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Automations of “Interview”' });
    expect(within(dialog).getByRole('combobox', { name: 'Action 1' })).toHaveValue('Ask the hiring team for feedback');
    expect(within(dialog).getByRole('textbox', { name: 'Days (action 1)' })).toHaveValue('1');
    await user.click(within(dialog).getByRole('button', { name: 'Remove action 1' }));
    expect(within(dialog).getByText('No automations for this stage yet.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save automations' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This stage is not in your workflow; reload the page.');
  });
});
