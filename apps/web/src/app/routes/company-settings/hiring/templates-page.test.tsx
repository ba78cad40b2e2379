import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import type { TMailTemplate } from '@hireflow/contracts/mail-templates';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

// The rich-text editor (tiptap) as a plain textarea that keeps HTML; insert() appends at the end like a cursor there.
vi.mock('@/features/mail/components/rich-text-field-editor', async () => {
  const { useEffect } = await import('react');
  return {
    default: ({ label, value, onChange, onReady }: { label: string; value: string; onChange: (v: string) => void; onReady?: (i: { insert: (t: string) => void }) => void }) => {
      useEffect(() => {
        onReady?.({ insert: (t) => onChange(`${(document.querySelector(`textarea[aria-label="${label}"]`) as HTMLTextAreaElement).value}${t}`) });
      });
      return <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />;
    },
  };
});

const http = mockHttp();

function signInAdmin() {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
}

describe('/company-settings/templates/{kind}', () => {
  it('writes an interview invitation with merge fields from the list and a live preview, and shows the refusal of the server', async () => {
    signInAdmin();
    let items: TMailTemplate[] = [];
    http.onGet('/api/mail/templates', { params: { kind: 'interview' } }).reply(() => [200, { items }]);
    const saved: unknown[] = [];
    http
      .onPost('/api/mail/templates')
      .replyOnce(400, { code: 'bad_request', message: 'Unknown merge field: {{interview.room}}. Use only: ...', details: { unknownMergeFields: ['interview.room'] } })
      .onPost('/api/mail/templates')
      .reply((config) => {
        const input = JSON.parse(config.data as string) as Omit<TMailTemplate, 'id' | 'updatedAt'>;
        saved.push(input);
        const created = { ...input, id: '64f000000000000000000001', updatedAt: '2026-11-24T00:00:00.000Z' };
        items = [created];
        return [201, created];
      });
    renderWithProviders(null, { route: '/company-settings/templates/interview' });
    const user = userEvent.setup();
    expect(await screen.findByRole('tab', { name: 'Interview invitation', selected: true })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    const form = await screen.findByRole('form', { name: 'New template' });
    await user.type(within(form).getByRole('textbox', { name: /Template name/ }), 'Invite');
    await user.type(within(form).getByRole('textbox', { name: /Subject/ }), 'Your interview at ');

    // The subject had the cursor: the picked field goes there.
    await user.click(within(form).getByRole('combobox', { name: /Insert a merge field/ }));
    expect(await screen.findByRole('option', { name: /\{\{interview\.start\}\}/ })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: /^\{\{company\.name\}\}/ }));
    expect(within(form).getByRole('textbox', { name: /Subject/ })).toHaveValue('Your interview at {{company.name}}');

    const message = await within(form).findByRole('textbox', { name: 'Message' });
    await user.click(message);
    await user.paste('<p>Hi <strong>{{candidate.firstName}}</strong>, see you at </p><script>alert(1)</script>');
    await user.click(within(form).getByRole('combobox', { name: /Insert a merge field/ }));
    await user.click(await screen.findByRole('option', { name: /^\{\{interview\.start\}\}/ }));
    expect(message).toHaveValue('<p>Hi <strong>{{candidate.firstName}}</strong>, see you at </p><script>alert(1)</script>{{interview.start}}');

    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getByTestId('preview-subject')).toHaveTextContent('Your interview at Acme');
    const body = within(preview).getByTestId('preview-body');
    expect(body.querySelector('strong')).toHaveTextContent('Alex');
    expect(body.innerHTML).not.toContain('script');
    expect(body).toHaveTextContent('Tuesday, 1 December 2026, 10:00 (Europe/Berlin)');

    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Unknown merge field: {{interview.room}}');
    await user.click(within(form).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ kind: 'interview', name: 'Invite', subject: 'Your interview at {{company.name}}' });
    expect(await screen.findByText('Template saved.')).toBeInTheDocument();
  });

  it('offers only the fields of the kind, warns about fields it cannot fill, and opens an older plain-text template as paragraphs', async () => {
    signInAdmin();
    const old: TMailTemplate = { id: '64f000000000000000000002', kind: 'pipeline', name: 'Not selected', subject: 'Your application', body: 'Dear {{candidate.firstName}},\nthank you.\n\nBest', updatedAt: '2026-11-24T00:00:00.000Z' };
    http.onGet('/api/mail/templates', { params: { kind: 'pipeline' } }).reply(200, { items: [old] });
    renderWithProviders(null, { route: '/company-settings/templates/pipeline' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Not selected' }));
    const form = await screen.findByRole('form', { name: 'Edit Not selected' });
    const message = await within(form).findByRole('textbox', { name: 'Message' });
    expect(message).toHaveValue('<p>Dear {{candidate.firstName}},<br>thank you.</p><p>Best</p>');

    await user.click(within(form).getByRole('combobox', { name: /Insert a merge field/ }));
    expect(await screen.findByRole('option', { name: /^\{\{job\.title\}\}/ })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /interview\./ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(message);
    await user.paste('<p>{{interview.start}}</p>');
    expect(await screen.findByText('Not available in this kind of template: {{interview.start}}')).toBeInTheDocument();
  });

  it('opens the first kind when the address names none', async () => {
    signInAdmin();
    http.onGet('/api/mail/templates', { params: { kind: 'interview' } }).reply(200, { items: [] });
    renderWithProviders(null, { route: '/company-settings/templates' });
    expect(await screen.findByText('No interview invitation templates yet.')).toBeInTheDocument();
  });
});
