import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDuplicateCandidate, TImportJobStatus, TImportPreview, TImportReport } from '@hireflow/contracts/candidates-intake';
import { CandidateEmailTakenMessage } from '@hireflow/contracts/candidates';
import { currentPath, renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { DuplicatesPanel } from '@/features/candidates/intake/duplicates-panel';

const http = mockHttp();

const dana: TDuplicateCandidate = {
  id: '64e000000000000000000002',
  firstName: 'Dana',
  lastName: 'Scully',
  email: 'dana.scully@fbi.test',
  phone: '+1 (555) 010-0100',
  currentTitle: 'Agent',
  currentCompany: 'FBI',
  location: 'Washington',
  applications: 2,
  createdAt: '2026-11-01T00:00:00.000Z',
  reasons: ['phone'],
};

describe('/database/add', () => {
  it('warns about a likely duplicate while typing and, on a taken email, offers the existing profile', async () => {
    signIn({ role: 'recruiter' });
    http.onGet(/\/api\/candidates\/duplicates\?/).reply((config) => {
      const phone = new URLSearchParams(String(config.url).split('?')[1]).get('phone');
      return [200, { items: phone && phone.replace(/\D/g, '').endsWith('5550100100') ? [dana] : [] }];
    });
    let sent: Record<string, unknown> | null = null;
    http.onPost('/api/candidates').reply((config) => {
      sent = JSON.parse(config.data as string);
      return [409, { code: 'conflict', message: CandidateEmailTakenMessage, details: { candidateId: dana.id } }];
    });
    const { router } = renderWithProviders(null, { route: '/database/add' });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add candidate' });

    // The contracts' rules, field by field, before anything is sent.
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Add candidate' }));
    expect(await within(form).findByText('Is required')).toBeInTheDocument();
    expect(within(form).getByText('Must be a valid email address')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /First name/ })).toHaveFocus();
    expect(sent).toBeNull();

    await user.type(within(form).getByRole('textbox', { name: /First name/ }), 'Dana');
    await user.clear(within(form).getByRole('textbox', { name: 'Email' }));
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'Dana@FBI.test');
    await user.type(within(form).getByRole('textbox', { name: 'Phone' }), '555 010 0100');
    const warning = await screen.findByText('This person may already be in the database');
    expect(warning.closest('[role="status"]')).toHaveTextContent('Same phone');
    expect(within(warning.closest('[role="status"]') as HTMLElement).getByRole('link', { name: 'Dana Scully' })).toHaveAttribute('href', `/candidate/${dana.id}`);

    // Enter submits; the API's 409 names the existing candidate.
    await user.type(within(form).getByRole('textbox', { name: 'Phone' }), '{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CandidateEmailTakenMessage);
    expect(sent).toMatchObject({ firstName: 'Dana', email: 'Dana@FBI.test', phone: '555 010 0100', experienceYears: null, skills: [] });
    // The profile page (/candidate/:id) is another part of the database; the link leads there.
    expect(within(alert).getByRole('link', { name: 'Open existing profile' })).toHaveAttribute('href', `/candidate/${dana.id}`);
    expect(currentPath(router)).toBe('/database/add');
  });

  it('is not offered to a hiring manager', async () => {
    signIn({ role: 'employee', addlRoles: ['HM'] });
    renderWithProviders(null, { route: '/database/add' });
    expect(await screen.findByText('Only recruiters and admins can add candidates.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add candidate' })).not.toBeInTheDocument();
  });
});

describe('/database/import', () => {
  const preview: TImportPreview = {
    uploadId: 'upload-abcdefghijkl',
    fileName: 'people.csv',
    columns: ['', 'Given name', 'Mail', 'Mobile', 'Notes'],
    sample: [['', 'Ann', 'ann@x.test', '+1 555 010 0001', 'hi']],
    rowCount: 3,
    mapping: { firstName: 1, phone: 3 },
  };
  const report: TImportReport = {
    created: 1,
    updated: 1,
    skipped: 1,
    rows: [
      { row: 2, action: 'create', name: 'Ann', email: 'ann@x.test', message: '', candidateId: null },
      { row: 3, action: 'update', name: 'Bo', email: 'bo@x.test', message: 'Fills phone', candidateId: '64e000000000000000000009' },
      { row: 4, action: 'skip', name: 'Cy', email: 'nope', message: 'Row 4: email: must be a valid email address', candidateId: null },
    ],
  };

  it('uploads, lets the mapping be corrected, shows the dry run per row, then the progress of the background import', async () => {
    signIn({ role: 'recruiter' });
    http.onPost('/api/candidates/import').reply(200, preview);
    let dryRunMapping: unknown = null;
    http.onPost(`/api/candidates/import/${preview.uploadId}/dry-run`).reply((config) => {
      dryRunMapping = JSON.parse(config.data as string).mapping;
      return [200, report];
    });
    let runMapping: unknown = null;
    http.onPost(`/api/candidates/import/${preview.uploadId}/run`).reply((config) => {
      runMapping = JSON.parse(config.data as string).mapping;
      return [202, { jobId: '64f000000000000000000001' }];
    });
    const statuses: TImportJobStatus[] = [
      { jobId: '64f000000000000000000001', state: 'running', progress: 40, message: '2 of 5 rows', report: null },
      { jobId: '64f000000000000000000001', state: 'done', progress: 100, message: '', report: { ...report, rows: report.rows } },
    ];
    http.onGet('/api/candidates/import/jobs/64f000000000000000000001').reply(() => [200, statuses.length > 1 ? statuses.shift() : statuses[0]]);

    renderWithProviders(null, { route: '/database/import' });
    const user = userEvent.setup();
    const input = (await screen.findByLabelText('File')) as HTMLInputElement;
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, new File(['Given name,Mail\nAnn,ann@x.test\n'], 'people.csv', { type: 'text/csv' }));
    expect(input).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    // The guessed mapping is shown; the user maps Email to the "Mail" column.
    const email = await screen.findByRole('combobox', { name: 'Email' });
    expect(screen.getByRole('combobox', { name: /First name/ })).toHaveValue('A: Given name');
    await user.click(email);
    await user.click(await screen.findByRole('option', { name: 'B: Mail' }));
    expect(screen.getByRole('table', { name: 'Sample rows' })).toHaveTextContent('ann@x.test');
    await user.click(screen.getByRole('button', { name: 'Check rows' }));

    expect(await screen.findByText('1 to create, 1 to update (blank fields filled), 1 to skip.')).toBeInTheDocument();
    expect(dryRunMapping).toEqual({ firstName: 1, phone: 3, email: 2 });
    const rows = screen.getByRole('table', { name: 'Rows' });
    expect(within(rows).getByText('Row 4: email: must be a valid email address')).toBeInTheDocument();
    expect(within(rows).getByText('Fills phone')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    expect(runMapping).toEqual({ firstName: 1, phone: 3, email: 2 });
    expect(await screen.findByText('1 created, 1 updated, 1 skipped.')).toBeInTheDocument();
  });

  it('shows why an upload was refused', async () => {
    signIn({ role: 'recruiter' });
    http.onPost('/api/candidates/import').reply(400, { code: 'bad_request', message: 'A file may hold at most 5,000 candidates; split it into smaller files.' });
    renderWithProviders(null, { route: '/database/import' });
    const user = userEvent.setup();
    await screen.findByLabelText('File');
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, new File(['x'], 'big.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A file may hold at most 5,000 candidates');
  });
});

describe('DuplicatesPanel', () => {
  it('lists likely duplicates side by side and merges one after a confirmation that says what happens', async () => {
    signIn({ role: 'recruiter' });
    const id = '64e000000000000000000001';
    let merged: unknown = null;
    http.onGet(`/api/candidates/${id}/duplicates`).reply(() => [200, { items: merged ? [] : [dana] }]);
    http.onPost(`/api/candidates/${id}/merge`).reply((config) => {
      merged = JSON.parse(config.data as string);
      return [200, { candidateId: id, mergedId: dana.id, movedApplications: 1, droppedApplications: 1 }];
    });
    renderWithProviders(<DuplicatesPanel candidateId={id} />);
    const user = userEvent.setup();
    const row = (await screen.findByRole('link', { name: 'Dana Scully' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('dana.scully@fbi.test');
    expect(row).toHaveTextContent('FBI');
    expect(row).toHaveTextContent('Same phone');
    expect(within(row).getAllByRole('cell')[4]).toHaveTextContent('2');

    await user.click(within(row).getByRole('button', { name: 'Merge Dana Scully into this profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Dana Scully into this profile?' });
    expect(dialog).toHaveTextContent('moves over with every application, stage move, timeline entry, note, file and pin');
    expect(dialog).toHaveTextContent('A merge cannot be undone.');
    // Cancel first: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(merged).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Merge Dana Scully into this profile' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Merge' }));
    expect(await screen.findByText(/Dana Scully was merged into this profile\. Both were on one job: the application further along was kept\./)).toBeInTheDocument();
    expect(merged).toEqual({ otherId: dana.id });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Dana Scully' })).not.toBeInTheDocument());
  });

  it('shows nothing to a hiring manager', async () => {
    signIn({ role: 'employee', addlRoles: ['HM'] });
    const { container } = renderWithProviders(<DuplicatesPanel candidateId="64e000000000000000000001" />);
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
    expect(screen.queryByText('Likely duplicates')).not.toBeInTheDocument();
  });
});
