import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAccessRight } from '@hireflow/contracts/roles';
import type { TCareerSiteJob } from '@hireflow/contracts/careers';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

function signInWith(rights: readonly TAccessRight[]) {
  const session = signIn();
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights });
}

const applyForm = { phone: 'optional', resume: 'required', questions: [{ id: 'why', label: 'Why us?', required: true }] };
const settings = { slug: 'acme', publicUrl: 'https://jobs.example.test/careers/acme', intro: 'We build rockets.', applyForm };
const job = (i: number, published = false): TCareerSiteJob => ({ id: `64d0000000000000000${String(i).padStart(5, '0')}`, title: `Role ${i}`, status: 'open', published, location: 'Berlin' });

async function open(route: string, heading: string) {
  renderWithProviders(null, { route });
  await screen.findByRole('heading', { name: heading, level: 1 });
}

describe('company-settings/page-customization', () => {
  it('is not found without the applyPageCustomization right, even with the career-site right', async () => {
    signInWith(['careerSiteSettings']);
    renderWithProviders(null, { route: '/company-settings/page-customization/apply-form' });
    expect(await screen.findByRole('heading', { level: 1, name: /not found|404/i })).toBeInTheDocument();
  });

  it('edits the career-site apply form', async () => {
    signInWith(['applyPageCustomization']);
    let sent: unknown = null;
    http.onGet('/api/page-customization/apply-form').reply(200, { applyForm });
    http.onPut('/api/page-customization/apply-form').reply((config) => {
      sent = JSON.parse(config.data);
      return [200, sent];
    });
    await open('/company-settings/page-customization', 'Page customization');
    expect(screen.getByRole('tab', { name: 'Career-site apply form' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('textbox', { name: 'Question 1' })).toHaveValue('Why us?');
    expect(screen.getByRole('link', { name: 'Career site' })).toHaveAttribute('href', '/company-settings/career-site');
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('radiogroup', { name: 'Phone' })).getByRole('radio', { name: 'Required' }));
    await user.click(screen.getByRole('button', { name: 'Save apply form' }));
    await waitFor(() => expect(sent).toEqual({ applyForm: { ...applyForm, phone: 'required' } }));
    expect(await screen.findByText('Saved. The public apply form shows it now.')).toBeInTheDocument();
  });
});

describe('company-settings/career-site', () => {
  it('saves only the introduction and links to the apply form for those who may edit it', async () => {
    signInWith(['careerSiteSettings', 'applyPageCustomization']);
    let sent: unknown = null;
    http.onGet('/api/career-site').reply(200, settings);
    http.onPut('/api/career-site').reply((config) => {
      sent = JSON.parse(config.data);
      return [200, { ...settings, intro: 'New intro' }];
    });
    await open('/company-settings/career-site', 'Career site');
    const intro = await screen.findByRole('textbox', { name: /Introduction/ });
    expect(screen.queryByRole('textbox', { name: 'Question 1' })).not.toBeInTheDocument();
    expect(screen.getByText(/Phone: optional · Resume: required · 1 question/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Edit the apply form in Page customization' })).toHaveAttribute('href', '/company-settings/page-customization/apply-form');
    const user = userEvent.setup();
    await user.clear(intro);
    await user.type(intro, 'New intro');
    await user.click(screen.getByRole('button', { name: 'Save career site' }));
    await waitFor(() => expect(sent).toEqual({ intro: 'New intro' }));
  });

  it('without the page-customization right shows the apply form without an edit link', async () => {
    signInWith(['careerSiteSettings']);
    http.onGet('/api/career-site').reply(200, settings);
    await open('/company-settings/career-site', 'Career site');
    expect(await screen.findByText('The apply form is edited in Page customization by someone with that access right.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Edit the apply form/ })).not.toBeInTheDocument();
  });

  it('searches and pages the listed jobs on the server and saves changes made across pages', async () => {
    signInWith(['careerSiteSettings']);
    const asked: { page: number; q: string }[] = [];
    let sent: unknown = null;
    http.onGet('/api/career-site').reply(200, settings);
    http.onGet('/api/career-site/jobs').reply((config) => {
      const params = config.params as { page: number; q: string };
      asked.push(params);
      const items = params.q ? [job(7)] : params.page === 2 ? [job(51)] : [job(1, true), job(2)];
      return [200, { items, total: params.q ? 1 : 51, page: params.page, pageSize: 50 }];
    });
    http.onPut('/api/career-site/jobs').reply((config) => {
      sent = JSON.parse(config.data);
      return [200, { changed: 2 }];
    });
    await open('/company-settings/career-site/jobs', 'Career site');
    expect(await screen.findByText('51 jobs')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'List Role 1' }));
    expect(screen.getByText('1 unsaved change')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(await screen.findByRole('checkbox', { name: 'List Role 51' }));
    expect(asked).toContainEqual({ page: 2, q: '' });
    await user.type(screen.getByRole('textbox', { name: 'Search jobs' }), 'role 7');
    expect(await screen.findByText('1 job')).toBeInTheDocument();
    expect(asked).toContainEqual({ page: 1, q: 'role 7' });
    expect(screen.getByText('2 unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save listed jobs' }));
    await waitFor(() => expect(sent).toEqual({ published: [job(51).id], unpublished: [job(1).id] }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });
});
