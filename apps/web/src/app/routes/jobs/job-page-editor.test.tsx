import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TJobDetail } from '@hireflow/contracts/jobs';
import { renderWithProviders } from '@/test/render';
import { buildJobDetail, buildJobSummary, signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

// Counts loads of the rich-text editor module (tiptap): the job page must not need it to show a job.
const editor = vi.hoisted(() => ({ loads: 0 }));
vi.mock('@/features/jobs/components/rich-text-description', () => {
  editor.loads += 1;
  return {
    default: ({ value, onChange }: { value: string; onChange: (html: string) => void }) => (
      <textarea aria-label="Description" value={value} onChange={(e) => onChange(e.target.value)} />
    ),
  };
});

const http = mockHttp();
const job = buildJobSummary();
const detail: TJobDetail = buildJobDetail({ ...job, description: '<p>Build <strong>APIs</strong> that last</p>' });

describe('/job/:id and the rich-text editor', () => {
  it('shows the description as formatted text without loading the editor, and loads it when the job is edited', async () => {
    signIn({ role: 'recruiter' });
    http.onGet(`/api/jobs/${job.id}`).reply(200, detail);
    http.onGet(`/api/jobs/${job.id}/applications`).reply(200, { items: [], total: 0, page: 1, pageSize: 50 });
    http.onGet(`/api/jobs/${job.id}/activity`).reply(200, { items: [] });
    renderWithProviders(null, { route: `/job/${job.id}` });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Platform Engineer' })).toBeInTheDocument();
    const strong = await screen.findByText('APIs');
    expect(strong.tagName).toBe('STRONG');
    expect(await screen.findByText('No one has applied yet.')).toBeInTheDocument();
    expect(editor.loads).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Edit job' }));
    const description = await screen.findByRole('textbox', { name: 'Description' });
    expect(description).toHaveValue(detail.description);
    expect(editor.loads).toBe(1);
  });
});
