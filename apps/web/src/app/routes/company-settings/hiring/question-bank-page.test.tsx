import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAccessRight } from '@hireflow/contracts/roles';
import type { TScreeningQuestion } from '@hireflow/contracts/candidates-questions';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const route = '/company-settings/page-customization/questions';

function signInWith(rights: readonly TAccessRight[]) {
  const session = signIn();
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights });
}
const question = (id: string, overrides: Partial<TScreeningQuestion> = {}): TScreeningQuestion => ({
  id: `64d0000000000000000000${id}`,
  text: `Question ${id}`,
  type: 'yes_no',
  options: [],
  active: true,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
const listOf = (items: TScreeningQuestion[]) => ({ items, total: items.length, page: 1, pageSize: 50 });

describe('company-settings/page-customization/questions', () => {
  it('is not found without the page-customization right', async () => {
    signInWith(['careerSiteSettings']);
    renderWithProviders(null, { route });
    expect(await screen.findByRole('heading', { level: 1, name: /not found|404/i })).toBeInTheDocument();
  });

  it('lists the bank, searches it, and adds a single-choice question after checking its options', async () => {
    signInWith(['applyPageCustomization']);
    const notice = question('01', { text: 'What is your notice period?', type: 'single_choice', options: ['Immediately', '1 month'] });
    const searches: unknown[] = [];
    http.onGet('/api/screening-questions').reply((config) => {
      searches.push(config.params);
      return [200, listOf(config.params?.q ? [] : [notice, question('02', { text: 'Do you drive?', active: false })])];
    });
    let created: unknown = null;
    http.onPost('/api/screening-questions').reply((config) => {
      created = JSON.parse(config.data);
      return [201, question('03', created as Partial<TScreeningQuestion>)];
    });
    renderWithProviders(null, { route });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page customization' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Screening questions' })).toHaveAttribute('aria-selected', 'true');
    const row = (await screen.findByText('What is your notice period?')).closest('tr')!;
    expect(within(row).getByText('Single choice')).toBeInTheDocument();
    expect(within(row).getByText('1 month')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Active: Do you drive?' })).not.toBeChecked();

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search questions' }), 'salary');
    expect(await screen.findByText('No question matches this search.')).toBeInTheDocument();
    expect(searches).toContainEqual({ page: 1, q: 'salary' });

    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a question' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'How would you like to work?');
    await user.click(within(dialog).getByRole('combobox', { name: 'Answer type' }));
    await user.click(await screen.findByRole('option', { name: 'Single choice', hidden: true }));
    const options = await within(dialog).findByRole('combobox', { name: 'Options' });
    await user.type(options, 'Remote{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    expect(await within(dialog).findByText('options: A single-choice question needs at least two options.')).toBeInTheDocument();
    expect(created).toBeNull();
    await user.type(options, 'Hybrid{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(created).toEqual({ text: 'How would you like to work?', type: 'single_choice', options: ['Remote', 'Hybrid'], active: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits, retires and deletes a question; a taken wording shows the server’s message', async () => {
    signInWith(['applyPageCustomization']);
    const q = question('04', { text: 'Are you willing to relocate?' });
    http.onGet('/api/screening-questions').reply(200, listOf([q]));
    const patches: unknown[] = [];
    http.onPatch(`/api/screening-questions/${q.id}`).replyOnce(409, { code: 'conflict', message: 'The bank already has a question with this text.' });
    http.onPatch(`/api/screening-questions/${q.id}`).reply((config) => {
      patches.push(JSON.parse(config.data));
      return [200, q];
    });
    let deleted = false;
    http.onDelete(`/api/screening-questions/${q.id}`).reply(() => {
      deleted = true;
      return [204];
    });
    renderWithProviders(null, { route });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Are you willing to relocate?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    const text = within(dialog).getByRole('textbox', { name: 'Question' });
    await user.clear(text);
    await user.type(text, 'Would you relocate?');
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    expect(await within(dialog).findByText('The bank already has a question with this text.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(patches).toEqual([{ text: 'Would you relocate?', type: 'yes_no', options: [], active: true }]));

    await user.click(screen.getByRole('switch', { name: 'Active: Are you willing to relocate?' }));
    await waitFor(() => expect(patches[1]).toEqual({ active: false }));

    await user.click(screen.getByRole('button', { name: 'Delete Are you willing to relocate?' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this question?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete question' }));
    await waitFor(() => expect(deleted).toBe(true));
  });
});
