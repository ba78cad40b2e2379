import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import type { TOnboardingDocument } from '@hireflow/contracts/offers-onboarding';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const route = '/company-settings/onboarding-documents';
const doc = (n: string, name: string, extra: Partial<TOnboardingDocument> = {}): TOnboardingDocument => ({
  id: n.padStart(24, 'b'),
  name,
  description: '',
  required: true,
  fileTypes: ['pdf'],
  active: true,
  submissionCount: 0,
  ...extra,
});

function signInAdmin() {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
}
const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'p' })).closest('tr')!;

describe(route, () => {
  it('starts empty and adds the first document with its file types; a duplicate name is refused with the reason', async () => {
    signInAdmin();
    let items: TOnboardingDocument[] = [];
    http.onGet('/api/onboarding-documents').reply(() => [200, { items }]);
    const sent: unknown[] = [];
    http.onPost('/api/onboarding-documents').reply((config) => {
      const body = JSON.parse(config.data as string) as TOnboardingDocument;
      sent.push(body);
      if (items.some((d) => d.name.toLowerCase() === body.name.toLowerCase())) return [409, { code: 'conflict', message: `"${body.name}" is already in the list.` }];
      const created = doc(String(items.length + 1), body.name, { description: body.description, required: body.required, fileTypes: body.fileTypes });
      items = [...items, created];
      return [201, created];
    });

    renderWithProviders(null, { route });
    await screen.findByRole('heading', { name: 'Onboarding documents', level: 1 });
    expect(await screen.findByText('No onboarding documents yet.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an onboarding document' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Passport or ID');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Both sides');
    // A document needs at least one file type.
    await user.click(within(dialog).getByRole('checkbox', { name: 'PDF' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add document' }));
    expect(await within(dialog).findByText('Pick at least one file type')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('checkbox', { name: 'PNG' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'JPG' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add document' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'Passport or ID', description: 'Both sides', required: true, fileTypes: ['png', 'jpg'] }]));
    const table = await screen.findByRole('table', { name: 'Onboarding documents' });
    expect(within(await rowOf('Passport or ID')).getByText('JPG or PNG')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Add document' }));
    const again = await screen.findByRole('dialog', { name: 'Add an onboarding document' });
    await user.type(within(again).getByRole('textbox', { name: 'Name' }), 'passport or id');
    await user.click(within(again).getByRole('button', { name: 'Add document' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent('"passport or id" is already in the list.');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('edits, reorders, archives a used document and deletes an unused one', async () => {
    signInAdmin();
    let items = [doc('1', 'Passport or ID', { submissionCount: 2, fileTypes: ['pdf', 'jpg', 'png'] }), doc('2', 'Tax form', { required: false })];
    http.onGet('/api/onboarding-documents').reply(() => [200, { items }]);
    const patches: unknown[] = [];
    http.onPatch(new RegExp('/api/onboarding-documents/b+\\d')).reply((config) => {
      const id = config.url!.split('/').pop()!;
      const body = JSON.parse(config.data as string) as Partial<TOnboardingDocument>;
      patches.push(body);
      items = items.map((d) => (d.id === id ? { ...d, ...body } : d));
      return [200, items.find((d) => d.id === id)];
    });
    let order: unknown = null;
    http.onPut('/api/onboarding-documents/order').reply((config) => {
      order = JSON.parse(config.data as string);
      items = [items[1]!, items[0]!];
      return [200, { items }];
    });
    let deleted = '';
    http.onDelete(new RegExp('/api/onboarding-documents/b+\\d')).reply((config) => {
      deleted = config.url!.split('/').pop()!;
      items = items.filter((d) => d.id !== deleted);
      return [204];
    });

    renderWithProviders(null, { route });
    const table = await screen.findByRole('table', { name: 'Onboarding documents' });
    expect(within(await rowOf('Tax form')).getByText('Optional')).toBeInTheDocument();
    expect(within(await rowOf('Passport or ID')).getByText('2 uploads')).toBeInTheDocument();
    // A document with uploads is archived, never deleted.
    expect(screen.queryByRole('button', { name: 'Delete Passport or ID' })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Tax form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tax form' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Tax form');
    await user.click(within(dialog).getByRole('switch', { name: /Required/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toEqual([{ name: 'Tax form', description: '', required: true, fileTypes: ['pdf'] }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Move Tax form up' }));
    await waitFor(() => expect(order).toEqual({ ids: [doc('2', '').id, doc('1', '').id] }));
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.querySelector('p')!.textContent)).toEqual(['Tax form', 'Passport or ID']));
    expect(screen.getByRole('status')).toHaveTextContent('Tax form moved up to position 1.');

    await user.click(screen.getByRole('button', { name: 'Archive Passport or ID' }));
    await waitFor(() => expect(patches[1]).toEqual({ active: false }));
    expect(await within(await rowOf('Passport or ID')).findByText('Archived')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore Passport or ID' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Tax form' }));
    await waitFor(() => expect(deleted).toBe(doc('2', '').id));
    await waitFor(() => expect(within(table).queryByText('Tax form')).toBeNull());
  });

  it('is not open without the standard settings right', async () => {
    const session = signIn({ role: 'recruiter' });
    http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: [] });
    renderWithProviders(null, { route });
    expect(await screen.findByRole('heading', { name: /not found|404/i })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Onboarding documents' })).toBeNull();
  });
});
