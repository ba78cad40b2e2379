import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

// The rich-text editor (tiptap) as a plain textarea that keeps HTML.
vi.mock('@/features/mail/components/rich-text-field-editor', () => ({
  default: ({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) => <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />,
}));

const http = mockHttp();

describe('the signature editor on /user-preferences/profile', () => {
  it('loads my signature, previews it without scripts, saves it and shows what the server kept', async () => {
    const session = signIn({ role: 'recruiter' });
    http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: [] });
    http.onGet('/api/preferences/profile').reply(200, { user: session.user });
    http.onGet('/api/org/locations/options').reply(200, { options: [] });
    http.onPost('/api/templates/getsignature').reply(200, { signature: '<p>Rita</p>' });
    const sent: unknown[] = [];
    http.onPut('/api/user/signature').reply((config) => {
      sent.push(JSON.parse(config.data as string));
      return [200, { signature: '<p>Rita <strong>Recruiter</strong></p>' }];
    });
    renderWithProviders(null, { route: '/user-preferences/profile' });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Mail signature' });
    const field = await within(form).findByRole('textbox', { name: 'Signature' });
    expect(field).toHaveValue('<p>Rita</p>');

    await user.clear(field);
    await user.click(field);
    await user.paste('<p onclick="x()">Rita <strong>Recruiter</strong></p><script>alert(1)</script>');
    const preview = within(form).getByTestId('signature-preview');
    expect(preview.querySelector('strong')).toHaveTextContent('Recruiter');
    expect(preview.innerHTML).toBe('<p>Rita <strong>Recruiter</strong></p>');

    await user.click(within(form).getByRole('button', { name: 'Save signature' }));
    await waitFor(() => expect(sent).toEqual([{ signature: '<p onclick="x()">Rita <strong>Recruiter</strong></p><script>alert(1)</script>' }]));
    expect(await within(form).findByText('Signature saved.')).toBeInTheDocument();
    expect(field).toHaveValue('<p>Rita <strong>Recruiter</strong></p>');
  });

  it('says why saving failed', async () => {
    const session = signIn({ role: 'employee' });
    http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: [] });
    http.onGet('/api/preferences/profile').reply(200, { user: session.user });
    http.onGet('/api/org/locations/options').reply(200, { options: [] });
    http.onPost('/api/templates/getsignature').reply(200, { signature: '' });
    http.onPut('/api/user/signature').reply(400, { code: 'bad_request', message: 'signature: is too long' });
    renderWithProviders(null, { route: '/user-preferences/profile' });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Mail signature' });
    await user.type(await within(form).findByRole('textbox', { name: 'Signature' }), 'x');
    await user.click(within(form).getByRole('button', { name: 'Save signature' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('signature: is too long');
  });
});
