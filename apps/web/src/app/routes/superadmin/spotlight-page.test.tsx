import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TSpotlightAnnouncement } from '@hireflow/contracts/spotlight';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

// The rich-text editor (tiptap) as a plain textarea that keeps HTML.
vi.mock('@/features/mail/components/rich-text-field-editor', () => ({
  default: ({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) => <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />,
}));

const http = mockHttp();

function signInSuperAdmin() {
  const { user } = signIn({ superAdmin: true, customer: null, customerState: null, firstName: 'Sam', lastName: 'Super', fullName: 'Sam Super' });
  http.onGet('/api/user-accessmatrix').reply(200, { user, rights: [] });
}

function buildAnnouncement(overrides: Partial<TSpotlightAnnouncement> = {}): TSpotlightAnnouncement {
  return {
    id: '64c000000000000000000001',
    title: 'New reports are here',
    body: '<p>See the <strong>time-to-hire</strong> report.</p>',
    link: { url: 'https://hireflow.example/news', label: 'Read more' },
    audience: { allCompanies: false, companies: [{ id: '64a000000000000000000101', name: 'Acme Corp' }], roles: ['admin', 'recruiter'] },
    validFrom: '2026-11-20T00:00:00.000Z',
    validTo: '2026-12-01T00:00:00.000Z',
    state: 'live',
    dismissals: 3,
    createdAt: '2026-11-19T00:00:00.000Z',
    updatedAt: '2026-11-19T00:00:00.000Z',
    ...overrides,
  };
}

const live = buildAnnouncement();
const scheduled = buildAnnouncement({ id: '64c000000000000000000002', title: 'Maintenance on Sunday', state: 'scheduled', dismissals: 0, audience: { allCompanies: true, companies: [], roles: ['admin'] } });

describe('/superadmin/spotlight', () => {
  it('lists announcements with their state, audience and who hid them', async () => {
    signInSuperAdmin();
    http.onGet('/api/superadmin/spotlight').reply(200, { items: [scheduled, live] });
    renderWithProviders(null, { route: '/superadmin/spotlight' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Spotlight' })).toBeInTheDocument();
    const rows = await screen.findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Maintenance on Sunday');
    expect(rows[1]).toHaveTextContent('Scheduled');
    expect(rows[1]).toHaveTextContent('All companies · Admins');
    expect(rows[2]).toHaveTextContent('Live');
    expect(rows[2]).toHaveTextContent('Acme Corp · Admins, Recruiters');
    expect(rows[2]).toHaveTextContent('3 users');
  });

  it('says what to do when there is none, and shows why the list failed', async () => {
    signInSuperAdmin();
    http.onGet('/api/superadmin/spotlight').replyOnce(200, { items: [] });
    const { unmount } = renderWithProviders(null, { route: '/superadmin/spotlight' });
    expect(await screen.findByText(/No announcements yet/)).toBeInTheDocument();
    unmount();
    http.onGet('/api/superadmin/spotlight').reply(403, { code: 'forbidden', message: 'Only the platform super admin can do that' });
    renderWithProviders(null, { route: '/superadmin/spotlight' });
    expect(await screen.findByText(/Only the platform super admin can do that/)).toBeInTheDocument();
  });

  it('publishes a new announcement to chosen companies and roles, with a safe preview', async () => {
    signInSuperAdmin();
    let items: TSpotlightAnnouncement[] = [];
    http.onGet('/api/superadmin/spotlight').reply(() => [200, { items }]);
    http.onGet('/api/superadmin/companies').reply((config) => {
      const q = (config.params as { q?: string }).q;
      const all = [
        { id: '64a000000000000000000101', name: 'Acme Corp', slug: 'acme', state: 'active', plan: 'enterprise', seats: { used: 3, allowed: 25 }, trialEndsAt: null, usage: { users: 3, jobs: 1, applicationsThisMonth: 0 }, admin: null, createdAt: '2026-01-01T00:00:00.000Z' },
        { id: '64a000000000000000000102', name: 'Globex', slug: 'globex', state: 'active', plan: 'growth', seats: { used: 3, allowed: 25 }, trialEndsAt: null, usage: { users: 3, jobs: 1, applicationsThisMonth: 0 }, admin: null, createdAt: '2026-01-01T00:00:00.000Z' },
      ];
      const found = q ? all.filter((c) => c.name.toLowerCase().includes(q.toLowerCase())) : all;
      return [200, { items: found, total: found.length, page: 1, pageSize: 25 }];
    });
    let sent: Record<string, unknown> | null = null;
    http.onPost('/api/superadmin/spotlight').reply((config) => {
      sent = JSON.parse(config.data as string) as Record<string, unknown>;
      const created = buildAnnouncement({ id: '64c000000000000000000009', title: 'Hello', state: 'scheduled' });
      items = [created];
      return [201, { announcement: created, message: '“Hello” is saved.' }];
    });
    const user = userEvent.setup();
    renderWithProviders(null, { route: '/superadmin/spotlight' });
    await user.click(await screen.findByRole('button', { name: 'New announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'New announcement' });

    // Nothing filled in: the form says what is missing and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Give it a title')).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Hello');
    const text = await within(dialog).findByRole('textbox', { name: 'Text' });
    await user.click(text);
    await user.paste('<p>Hi <strong>all</strong></p><script>alert(1)</script>');
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Hello' })).toBeInTheDocument();
    expect(within(preview).getByText('all').tagName).toBe('STRONG');
    expect(preview.querySelector('script')).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: 'Link (optional)' }), 'https://hireflow.example/x');
    await user.type(within(dialog).getByRole('textbox', { name: 'Link text' }), 'Read more');
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen companies' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Employees' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Hiring managers' }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Pick at least one company, or show it to all companies')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('combobox', { name: 'Companies' }), 'glob');
    await user.click(await screen.findByRole('option', { name: 'Globex' }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({
      title: 'Hello',
      body: '<p>Hi <strong>all</strong></p><script>alert(1)</script>',
      link: { url: 'https://hireflow.example/x', label: 'Read more' },
      audience: { allCompanies: false, companyIds: ['64a000000000000000000102'], roles: ['admin', 'recruiter'] },
    });
    const days = sent as unknown as { validFrom: string; validTo: string };
    expect(new Date(days.validTo).getTime() - new Date(days.validFrom).getTime()).toBeGreaterThanOrEqual(7 * 86_400_000 - 3_600_000);
    expect(await screen.findByText('“Hello” is saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New announcement' })).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Hello' })).toBeInTheDocument();
  });

  it('edits only what changed and deletes after confirming', async () => {
    signInSuperAdmin();
    let items = [live];
    http.onGet('/api/superadmin/spotlight').reply(() => [200, { items }]);
    http.onGet('/api/superadmin/companies').reply(200, { items: [], total: 0, page: 1, pageSize: 25 });
    let patched: Record<string, unknown> | null = null;
    http.onPatch(`/api/superadmin/spotlight/${live.id}`).reply((config) => {
      patched = JSON.parse(config.data as string) as Record<string, unknown>;
      items = [{ ...live, title: 'Reports, again' }];
      return [200, { announcement: items[0], message: '“Reports, again” is changed.' }];
    });
    let deleted = false;
    http.onDelete(`/api/superadmin/spotlight/${live.id}`).reply(() => {
      deleted = true;
      items = [];
      return [200, { message: '“Reports, again” is deleted.' }];
    });
    const user = userEvent.setup();
    renderWithProviders(null, { route: '/superadmin/spotlight' });

    await user.click(await screen.findByRole('button', { name: `Edit ${live.title}` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit “${live.title}”` });
    expect(within(dialog).getByRole('checkbox', { name: 'Recruiters' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Employees' })).not.toBeChecked();
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'Reports, again');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(patched).not.toBeNull());
    expect(patched).toMatchObject({ title: 'Reports, again', audience: { allCompanies: false, companyIds: ['64a000000000000000000101'], roles: ['admin', 'recruiter'] } });
    // The days did not change: the stored times stay as they are.
    expect(patched).not.toHaveProperty('validFrom');
    expect(patched).not.toHaveProperty('validTo');
    expect(await screen.findByText('“Reports, again” is changed.')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Delete Reports, again' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete “Reports, again”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Reports, again' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete “Reports, again”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete announcement' }));
    expect(await screen.findByText('“Reports, again” is deleted.')).toBeInTheDocument();
    expect(deleted).toBe(true);
    expect(await screen.findByText(/No announcements yet/)).toBeInTheDocument();
  });
});
