import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

describe('the apply-form editor and the question bank', () => {
  it('adds a question found in the bank with its type and options, under a fresh id', async () => {
    const session = signIn();
    http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: ['applyPageCustomization'] });
    const applyForm = { phone: 'optional', resume: 'required', questions: [{ id: 'what-is-your-notice-period', label: 'Old wording', required: true }] };
    http.onGet('/api/page-customization/apply-form').reply(200, { applyForm });
    const searched: string[] = [];
    const notice = { id: '64d000000000000000000001', text: 'What is your notice period?', type: 'single_choice', options: ['Immediately', '1 month'], active: true, updatedAt: '2026-11-20T10:00:00.000Z' };
    http.onPost(/\/api\/search\/custom\/questions(\/.*)?$/).reply((config) => {
      searched.push(config.url!);
      return [200, { questions: config.url!.endsWith('/notice') || config.url!.endsWith('/questions') ? [notice] : [] }];
    });
    let sent: unknown = null;
    http.onPut('/api/page-customization/apply-form').reply((config) => {
      sent = JSON.parse(config.data);
      return [200, sent];
    });
    renderWithProviders(null, { route: '/company-settings/page-customization/apply-form' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add from the question bank' }));
    const picker = await screen.findByRole('combobox', { name: 'Question from the bank' });
    await user.type(picker, 'notice');
    await waitFor(() => expect(searched).toContain('/api/search/custom/questions/notice'));
    await user.click(await screen.findByRole('option', { name: 'What is your notice period? (Single choice)', hidden: true }));
    expect(await screen.findByRole('textbox', { name: 'Question 2' })).toHaveValue('What is your notice period?');
    expect(within(screen.getByRole('textbox', { name: 'Question 2' }).closest('.mantine-Group-root') as HTMLElement).getByText('Single choice')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save apply form' }));
    await waitFor(() =>
      expect(sent).toEqual({
        applyForm: {
          ...applyForm,
          questions: [...applyForm.questions, { id: 'what-is-your-notice-period-2', label: 'What is your notice period?', required: false, type: 'single_choice', options: ['Immediately', '1 month'] }],
        },
      }),
    );
  });
});
