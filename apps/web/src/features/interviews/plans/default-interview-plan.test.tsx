import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import type { TInterviewPlan, TInterviewPlanInput } from '@hireflow/contracts/interviews';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

describe('the company default interview plan on /company-settings/preferences', () => {
  it('starts empty, takes a first round and saves it as the default', async () => {
    const session = signIn({ admin: true });
    http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
    http.onGet('/api/workflow-template').reply(200, { stages: [] });
    http.onGet('/api/stage-automations').reply(200, { stages: [] });
    http.onGet('/api/interview-attributes').reply(200, { items: [] });
    http.onGet('/api/interview-plan/default').reply(200, { jobId: null, inherited: false, rounds: [] } satisfies TInterviewPlan);
    const saved: TInterviewPlanInput[] = [];
    http.onPut('/api/interview-plan/default').reply((config) => {
      const input = JSON.parse(config.data as string) as TInterviewPlanInput;
      saved.push(input);
      return [200, { jobId: null, inherited: false, rounds: input.rounds.map((r) => ({ id: '64f000000000000000000077', name: r.name, durationMinutes: r.durationMinutes, interviewers: [], attributes: [] })) }];
    });
    renderWithProviders(null, { route: '/company-settings/preferences' });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Default interview plan' });
    expect(await within(section).findByText('No rounds yet: add the first one.')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'interview attribute library' })).toHaveAttribute('href', '/company-settings/manage-lists/interview-attributes');
    await user.click(within(section).getByRole('button', { name: 'Add round' }));
    await user.type(within(section).getByRole('textbox', { name: /Round name/ }), 'Phone screen');
    await user.click(within(section).getByRole('button', { name: 'Save default plan' }));
    await waitFor(() => expect(saved).toEqual([{ rounds: [{ name: 'Phone screen', durationMinutes: 60, interviewerIds: [], attributeIds: [] }] }]));
    expect(await within(section).findByText('Interview plan saved.')).toBeInTheDocument();
  });
});
