import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TResumePreview } from '@hireflow/contracts/candidates-resumes';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { ResumeViewer } from './resume-viewer';

const http = mockHttp();
const id = '65d000000000000000000001';
const previewUrl = `/api/candidates/${id}/resume/preview`;

beforeAll(() => {
  // jsdom has no object URLs; the viewer only hands them to <object> and to a download link.
  URL.createObjectURL = vi.fn(() => 'blob:resume');
  URL.revokeObjectURL = vi.fn();
});

function show(preview: TResumePreview, role: 'recruiter' | 'employee' = 'recruiter') {
  signIn({ role });
  http.onGet(previewUrl).reply(200, preview);
  return renderWithProviders(<ResumeViewer candidateId={id} />);
}

describe('ResumeViewer', () => {
  it('shows a PDF in the browser viewer from the authorised file, with a download button', async () => {
    http.onGet('/api/files/f1').reply(200, new Blob(['%PDF-1.4']));
    show({ kind: 'pdf', fileId: 'f1', filename: 'ada.pdf', textState: 'extracted' });
    expect(await screen.findByText('ada.pdf')).toBeInTheDocument();
    const viewer = await screen.findByTitle('Résumé: ada.pdf');
    expect(viewer.tagName).toBe('IFRAME');
    expect(viewer).toHaveAttribute('src', 'blob:resume');
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByText('Text not readable')).toBeNull();
  });

  it('shows a DOCX as the sanitised HTML and says when its text could not be read', async () => {
    show({ kind: 'html', fileId: 'f2', filename: 'linus.docx', textState: 'unreadable', html: '<h1>Linus Torvalds</h1><p>Kernel engineer</p>' });
    expect(await screen.findByRole('heading', { name: 'Linus Torvalds' })).toBeInTheDocument();
    expect(screen.getByText('Kernel engineer')).toBeInTheDocument();
    expect(screen.getByText('Text not readable')).toBeInTheDocument();
  });

  it('offers recruiters to upload a résumé when there is none, and shows why an upload was refused', async () => {
    show({ kind: 'none', fileId: null, filename: '', textState: 'none' });
    expect(await screen.findByText('No résumé has been added yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
    http.onPost(`/api/candidates/${id}/resume`).reply(400, { code: 'bad_request', message: 'The resume must be a PDF or Word (.docx) file.' });
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Upload résumé' })).toBeInTheDocument();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF'], 'new.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The resume must be a PDF or Word (.docx) file.');
  });

  it('does not offer uploading to someone who only sees the candidate through a job', async () => {
    show({ kind: 'html', fileId: 'f3', filename: 'grace.docx', textState: 'pending', html: '<p>Grace Hopper</p>' }, 'employee');
    expect(await screen.findByText('Reading text…')).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload résumé|Replace résumé/ })).toBeNull();
  });
});
