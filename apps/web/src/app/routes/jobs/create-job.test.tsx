import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TJobDetail } from '@hireflow/contracts/jobs';
import { currentPath, renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const options = {
  jobCodes: [],
  departments: [{ id: '64c000000000000000000002', name: 'Engineering' }],
  businessUnits: [],
  locations: [{ id: '64c000000000000000000003', name: 'Berlin' }],
  customFields: [],
};
const created: TJobDetail = {
  id: '64d000000000000000000042',
  title: 'Site Reliability Engineer',
  status: 'draft',
  department: options.departments[0]!,
  businessUnit: null,
  location: options.locations[0]!,
  recruiters: [],
  hiringManager: null,
  openings: 2,
  applicantCount: 0,
  pipeline: [],
  published: false,
  createdAt: '2026-11-23T00:00:00.000Z',
  employmentType: 'full_time',
  salaryBand: null,
  targetStartDate: null,
  description: '',
  jobCode: null,
  requisitionId: null,
  interviewers: [],
  followers: [],
  customFields: {},
  openedAt: null,
  allowedTransitions: ['open', 'closed'],
  canEdit: true,
  updatedAt: '2026-11-23T00:00:00.000Z',
};

function listResponds() {
  http.onGet('/api/requisitions/options').reply(200, options);
  http.onGet('/api/jobs').reply(200, { items: [], total: 0, page: 1, pageSize: 25 });
}

/** Mantine Select: open it, take the option from its own listbox. */
async function pick(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  const input = screen.getAllByRole('combobox', { name: label })[0]!;
  await user.click(input);
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '') ?? document.body;
  await user.click(await within(listbox).findByText(option));
}

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'New job' }));
  return screen.findByRole('dialog', { name: 'New job' });
}

describe('New job on the jobs list', () => {
  it('is not offered to a hiring manager who is a plain employee (they raise a requisition)', async () => {
    signIn({ role: 'employee', addlRoles: ['HM'] });
    listResponds();
    renderWithProviders(null, { route: '/jobs/mine' });
    expect(await screen.findByRole('link', { name: 'Request a position' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New job' })).not.toBeInTheDocument();
  });

  it('is offered to an admin who is not a recruiter', async () => {
    signIn({ role: 'employee', admin: true });
    listResponds();
    renderWithProviders(null, { route: '/jobs/mine' });
    expect(await screen.findByRole('button', { name: 'New job' })).toBeInTheDocument();
  });

  it('lets a recruiter create a draft job and takes them to its page', async () => {
    signIn({ role: 'recruiter' });
    listResponds();
    let sent: Record<string, unknown> | null = null;
    http.onPost('/api/jobs').reply((config) => {
      sent = JSON.parse(config.data as string);
      return [201, created];
    });
    http.onGet(`/api/jobs/${created.id}`).reply(200, created);
    http.onGet(new RegExp(`/api/jobs/${created.id}/`)).reply(200, { items: [], total: 0, page: 1, pageSize: 50 });
    const { router } = renderWithProviders(null, { route: '/jobs/all' });
    const user = userEvent.setup();
    const dialog = await openForm(user);

    await user.type(within(dialog).getByRole('textbox', { name: /Job title/ }), 'Site Reliability Engineer');
    await pick(user, /^Department/, 'Engineering');
    await pick(user, /^Location/, 'Berlin');
    const headcount = within(dialog).getByRole('textbox', { name: /Headcount/ });
    await user.clear(headcount);
    await user.type(headcount, '2');
    await user.type(within(dialog).getByRole('textbox', { name: /Salary from/ }), '70000');
    await user.type(within(dialog).getByRole('textbox', { name: /Salary to/ }), '90000');
    await user.click(within(dialog).getByRole('switch', { name: /career site/ }));
    // Enter in a field submits the form.
    await user.type(within(dialog).getByRole('textbox', { name: /Job title/ }), '{Enter}');

    await waitFor(() => expect(currentPath(router)).toBe(`/job/${created.id}`));
    expect(sent).toEqual({
      title: 'Site Reliability Engineer',
      jobCodeId: null,
      departmentId: options.departments[0]!.id,
      businessUnitId: null,
      locationId: options.locations[0]!.id,
      headcount: 2,
      employmentType: 'full_time',
      salaryBand: { min: 70000, max: 90000, currency: 'USD' },
      targetStartDate: null,
      team: { hiringManagerId: null, recruiterIds: [], interviewerIds: [], followerIds: [] },
      customFields: {},
      description: '',
      published: true,
    });
  });

  it('shows what is wrong under each field, focuses the first, and sends nothing', async () => {
    signIn({ role: 'recruiter' });
    listResponds();
    let posted = false;
    http.onPost('/api/jobs').reply(() => {
      posted = true;
      return [500, {}];
    });
    renderWithProviders(null, { route: '/jobs/mine' });
    const user = userEvent.setup();
    const dialog = await openForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Salary from/ }), '90000');
    await user.type(within(dialog).getByRole('textbox', { name: /Salary to/ }), '70000');
    await user.click(within(dialog).getByRole('button', { name: 'Create job' }));

    const title = within(dialog).getByRole('textbox', { name: /Job title/ });
    await waitFor(() => expect(title).toHaveAccessibleDescription('Is required'));
    expect(title).toHaveFocus();
    expect(within(dialog).getByText('Maximum must not be below minimum')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Department/ })).toHaveAccessibleDescription('Choose a department');
    expect(within(dialog).getByRole('combobox', { name: /^Location/ })).toHaveAccessibleDescription('Choose a location');
    expect(posted).toBe(false);
  });

  it("shows the API's reason when it refuses, and stays on the list", async () => {
    signIn({ role: 'recruiter' });
    listResponds();
    // The refusal arrives only when the test says so: the disabled button is checked while it is pending.
    let refuse: () => void = () => {};
    http.onPost('/api/jobs').reply(() => new Promise((resolve) => { refuse = () => resolve([403, { code: 'forbidden', message: 'Only recruiters and admins create jobs directly; hiring managers raise a requisition' }]); }));
    const { router } = renderWithProviders(null, { route: '/jobs/mine' });
    const user = userEvent.setup();
    const dialog = await openForm(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Job title/ }), 'Support Agent');
    await pick(user, /^Department/, 'Engineering');
    await pick(user, /^Location/, 'Berlin');
    await user.click(within(dialog).getByRole('button', { name: 'Create job' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create job' })).toBeDisabled());
    refuse();

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only recruiters and admins create jobs directly; hiring managers raise a requisition');
    expect(within(dialog).getByRole('button', { name: 'Create job' })).toBeEnabled();
    expect(currentPath(router)).toBe('/jobs/mine');
  });
});
