import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import type { TResumeBatch, TResumeBatchFile } from '@hireflow/contracts/candidates-resumes';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

const file = (index: number, filename: string, over: Partial<TResumeBatchFile> = {}): TResumeBatchFile => ({
  index,
  filename,
  fileId: `file${index}`,
  state: 'extracted',
  problem: '',
  suggestions: { firstName: '', lastName: '', email: '', phone: '', currentTitle: '', skills: [] },
  result: null,
  ...over,
});
const batch = (files: TResumeBatchFile[], done = files.length): TResumeBatch => ({ id: '65c000000000000000000001', createdAt: '2026-11-24T00:00:00.000Z', total: files.length, done, files });

function signInAs(role: 'recruiter' | 'employee') {
  const session = signIn({ role });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
}

const pdf = (name: string) => new File(['%PDF-1.4 résumé'], name, { type: 'application/pdf' });

describe('/database/upload', () => {
  it('uploads the chosen résumés, shows progress while they are read, then a review list whose fixed rows are saved', async () => {
    signInAs('recruiter');
    const grace = file(0, 'grace.pdf', { suggestions: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test', phone: '+1 212 555 0199', currentTitle: 'Engineer', skills: ['COBOL', 'Python'] } });
    const nameless = file(1, 'scan.pdf', { state: 'unreadable' });
    const ada = file(2, 'ada.pdf', { suggestions: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test', phone: '', currentTitle: '', skills: [] } });
    const cat = file(3, 'cat.docx', { fileId: null, state: 'rejected', problem: 'The resume must be a PDF or Word (.docx) file.' });
    let sentFiles = 0;
    http.onPost('/api/candidates/resume-batches').reply((config) => {
      sentFiles = (config.data as FormData).getAll('files').length;
      return [201, batch([{ ...grace, state: 'pending' }, { ...nameless, state: 'pending' }, { ...ada, state: 'pending' }, cat], 1)];
    });
    http
      .onGet('/api/candidates/resume-batches/65c000000000000000000001')
      .replyOnce(200, batch([grace, { ...nameless, state: 'pending' }, ada, cat], 3))
      .onGet('/api/candidates/resume-batches/65c000000000000000000001')
      .reply(200, batch([grace, nameless, ada, cat]));
    let committed: { rows: { index: number; fields: Record<string, unknown> }[] } | null = null;
    http.onPost('/api/candidates/resume-batches/65c000000000000000000001/commit').reply((config) => {
      committed = JSON.parse(config.data as string);
      return [
        200,
        {
          rows: [
            { index: 0, outcome: 'created', candidateId: '65d000000000000000000001', message: '' },
            { index: 1, outcome: 'invalid', candidateId: null, message: 'First name is required.' },
            { index: 2, outcome: 'duplicate', candidateId: '65d000000000000000000002', message: 'A candidate with this email address is already in the database.' },
          ],
        },
      ];
    });

    const { router } = renderWithProviders(null, { route: '/database/upload' });
    await screen.findByRole('heading', { name: 'Upload résumés', level: 1 });
    // As a drop would: the file chooser's accept filter does not stand in the way.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Résumé files'), [pdf('grace.pdf'), pdf('scan.pdf'), pdf('ada.pdf'), new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    expect(screen.getByText(/3 résumés chosen; 1 left out: notes\.txt \(Not a PDF or Word/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload 3 résumés' }));
    expect(await screen.findByText('Reading 3 of 4 résumés…')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?batch=65c000000000000000000001');
    expect(sentFiles).toBe(3);

    const table = await screen.findByRole('table', { name: 'Résumés to review' });
    expect(within(table).getByLabelText('First name for grace.pdf')).toHaveValue('Grace');
    expect(within(table).getByText('COBOL, Python')).toBeInTheDocument();
    expect(within(table).getByText('Text not readable')).toBeInTheDocument();
    expect(within(table).getByText('The resume must be a PDF or Word (.docx) file.')).toBeInTheDocument();
    expect(within(table).getByLabelText('Save cat.docx')).toBeDisabled();
    await user.clear(within(table).getByLabelText('Email for grace.pdf'));
    await user.type(within(table).getByLabelText('Email for grace.pdf'), 'grace.hopper@example.test');
    await user.click(screen.getByRole('button', { name: 'Save 3 candidates' }));

    await waitFor(() => expect(committed).not.toBeNull());
    expect(committed!.rows.map((r) => r.index)).toEqual([0, 1, 2]);
    expect(committed!.rows[0]!.fields).toMatchObject({ firstName: 'Grace', email: 'grace.hopper@example.test' });
    expect(await within(table).findByRole('link', { name: 'Open the candidate' })).toHaveAttribute('href', '/candidate/65d000000000000000000001');
    expect(within(table).getByText('First name is required.')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Open the existing candidate' })).toHaveAttribute('href', '/candidate/65d000000000000000000002');
    // The saved row is not offered again; the other two are.
    expect(screen.getByRole('button', { name: 'Save 2 candidates' })).toBeInTheDocument();
  });

  it('refuses more than 100 résumés before sending anything', async () => {
    signInAs('recruiter');
    renderWithProviders(null, { route: '/database/upload' });
    await screen.findByRole('heading', { name: 'Upload résumés', level: 1 });
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Résumé files'), Array.from({ length: 101 }, (_, i) => pdf(`r${i}.pdf`)));
    expect(await screen.findByText(/Drop at most 100 files at once\. You chose 101\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload 101 résumés' })).toBeDisabled();
  });

  it('tells someone who does not manage the database that it is for recruiters and admins', async () => {
    signInAs('employee');
    renderWithProviders(null, { route: '/database/upload' });
    expect(await screen.findByText('Only recruiters and admins can add candidates to the database.')).toBeInTheDocument();
  });
});
