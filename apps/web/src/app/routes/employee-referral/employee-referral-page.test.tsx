import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReferralMessages } from '@hireflow/contracts/referrals';
import { renderWithProviders, currentPath } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import { buildReferableJob, jobId, page } from '@/features/referrals/test-referrals';

const http = mockHttp();
const url = `/api/referrals/jobs/${jobId}`;
const campaignId = '64e000000000000000000081';

async function openPage(route = `/employee-referral/${jobId}`) {
  signIn({ role: 'employee' });
  const view = renderWithProviders(null, { route });
  expect(await screen.findByRole('heading', { level: 1, name: 'Refer someone to Backend Engineer' })).toBeInTheDocument();
  return { ...view, user: userEvent.setup() };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Grace');
  await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Hopper');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'grace@example.test');
  await user.click(screen.getByRole('combobox', { name: /How do you know them/ }));
  await user.click(await screen.findByRole('option', { name: 'We worked together', hidden: true }));
}

describe('/employee-referral/:positionId', () => {
  it('shows the job with its reward, checks the form, and sends the referral with the campaign and résumé', async () => {
    http.onGet(url).reply(200, buildReferableJob());
    let sent: FormData | null = null;
    const message = ReferralMessages.referred('Grace Hopper', 'Backend Engineer');
    http.onPost(url).reply((config) => {
      sent = config.data as FormData;
      return [201, { referralId: 'r1', alreadyKnown: false, rewardEligibility: 'eligible', message }];
    });
    const { user } = await openPage(`/employee-referral/${jobId}?campaign=${campaignId}`);
    const about = screen.getByRole('region', { name: 'About the job' });
    expect(about).toHaveTextContent('Engineering · Berlin');
    expect(about).toHaveTextContent('Reward EUR 1,500.00');
    expect(within(about).getByText('APIs')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Refer' }));
    expect(await screen.findByText('Choose how you know them')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /First name/ })).toHaveAccessibleDescription(/required/i);
    expect(sent).toBeNull();

    await fillIn(user);
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '+49 30 1234567');
    await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Best engineer I worked with');
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['%PDF-1.4'], 'grace.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Refer' }));

    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(message);
    const form = sent as unknown as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'resume'))).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.test',
      phone: '+49 30 1234567',
      relationship: 'worked_together',
      note: 'Best engineer I worked with',
      campaignId,
    });
    expect((form.get('resume') as File).name).toBe('grace.pdf');
    expect(screen.getByRole('link', { name: 'My referrals' })).toHaveAttribute('href', '/my-referrals');

    await user.click(screen.getByRole('button', { name: 'Refer someone else' }));
    expect(await screen.findByRole('textbox', { name: /First name/ })).toHaveValue('');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('refuses a résumé that is too large before sending anything', async () => {
    http.onGet(url).reply(200, buildReferableJob({ reward: null }));
    const { user } = await openPage();
    expect(screen.queryByText(/Reward/)).toBeNull();
    const big = new File(['%PDF-1.4'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, big);
    expect(await screen.findByText('The file is larger than 5 MB.')).toBeInTheDocument();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Refer' }));
    expect(http.history.post).toHaveLength(0);
  });

  it("shows the server's refusal: already referred by me (409), and a field the server rejected", async () => {
    http.onGet(url).reply(200, buildReferableJob());
    http.onPost(url).replyOnce(409, { code: 'conflict', message: ReferralMessages.alreadyReferredByYou });
    http.onPost(url).replyOnce(400, { code: 'validation', message: 'email: this domain does not accept mail' });
    const { user } = await openPage();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Refer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ReferralMessages.alreadyReferredByYou);
    await user.click(screen.getByRole('button', { name: 'Refer' }));
    expect(await screen.findByText('This domain does not accept mail')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says plainly when the job is not open, with a way to the open positions', async () => {
    signIn({ role: 'employee' });
    http.onGet(url).reply(404, { code: 'not_found', message: ReferralMessages.jobNotOpen });
    http.onGet('/api/referrals/mine').reply(200, page([]));
    http.onGet('/api/referrals/jobs').reply(200, page([]));
    const { router } = renderWithProviders(null, { route: `/employee-referral/${jobId}` });
    expect(await screen.findByText(/This job is not open for referrals\. It may have been filled or closed\./)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('link', { name: 'See the open positions you can refer to' }));
    await waitFor(() => expect(currentPath(router)).toBe('/my-referrals'));
  });
});
