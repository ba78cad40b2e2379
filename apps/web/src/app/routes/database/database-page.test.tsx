import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCandidateFacets, TCandidateSearchItem, TCandidateSearchResult } from '@hireflow/contracts/candidates-search';
import { currentPath, renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();
const SearchUrl = /^\/api\/candidates(\?.*)?$/;

function candidate(overrides: Partial<TCandidateSearchItem> = {}): TCandidateSearchItem {
  return {
    id: '650000000000000000000001',
    firstName: 'Maria',
    lastName: 'Rust',
    email: 'maria@example.test',
    phone: '',
    currentTitle: 'Designer',
    currentCompany: 'Acme',
    location: 'Berlin',
    experienceYears: 3,
    skills: ['Figma'],
    tags: [],
    source: 'referral',
    lastActivityAt: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-10-01T10:00:00.000Z',
    pinned: false,
    highlights: [],
    ...overrides,
  };
}
const otto = candidate({ id: '650000000000000000000002', firstName: 'Otto', lastName: 'Brandt', location: 'Munich', currentTitle: 'Developer' });

const noFacets: TCandidateFacets = { skills: [], tags: [], source: [], location: [], experience: [], stageKind: [], jobId: [], lastActivity: [], consent: [] };
function result(items: TCandidateSearchItem[], overrides: Partial<TCandidateSearchResult> = {}): TCandidateSearchResult {
  return {
    items,
    total: items.length,
    totalCapped: false,
    page: 1,
    pageSize: 25,
    sort: 'newest',
    facets: { ...noFacets, location: [{ value: 'Berlin', label: 'Berlin', count: 1 }, { value: 'Munich', label: 'Munich', count: 1 }] },
    facetsApproximate: false,
    ...overrides,
  };
}

/** The API's answers, by the query string the page sends. */
function answerSearches(answer: (params: URLSearchParams) => TCandidateSearchResult) {
  const asked: URLSearchParams[] = [];
  http.onGet(SearchUrl).reply((config) => {
    const params = new URLSearchParams((config.url ?? '').split('?')[1] ?? '');
    asked.push(params);
    return [200, answer(params)];
  });
  http.onGet('/api/candidates/saved-searches').reply(200, { items: [] });
  return asked;
}

describe('/database', () => {
  it('searches as the recruiter types, marks the matched words and keeps the words in the URL', async () => {
    signIn({ role: 'recruiter' });
    const asked = answerSearches((p) =>
      p.get('q') === 'rust'
        ? result([candidate({ highlights: [{ field: 'name', text: 'Maria Rust', ranges: [[6, 10]] }] })], { sort: 'relevance' })
        : result([candidate(), otto]),
    );
    const { router } = renderWithProviders(null, { route: '/database' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Candidate database' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Otto Brandt' })).toHaveAttribute('href', '/candidate/650000000000000000000002');

    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: /Search candidates/ }), '  rust ');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Otto Brandt' })).not.toBeInTheDocument());
    const row = screen.getByRole('link', { name: 'Maria Rust' }).closest('tr')!;
    expect(within(row).getByText('Rust', { selector: 'mark' })).toBeInTheDocument();
    expect(asked.at(-1)?.get('q')).toBe('rust');
    expect(currentPath(router)).toBe('/database?q=rust');
  });

  it('follows the browser back to the previous search', async () => {
    signIn({ role: 'recruiter' });
    answerSearches((p) => (p.get('q') === 'otto' ? result([otto]) : result([candidate(), otto])));
    const { router } = renderWithProviders(null, { route: '/database?location=Munich' });
    const box = await screen.findByRole('searchbox', { name: /Search candidates/ });
    await userEvent.setup().type(box, 'otto');
    await waitFor(() => expect(currentPath(router)).toBe('/database?q=otto&location=Munich'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Maria Rust' })).not.toBeInTheDocument());
    await act(() => router.navigate(-1));
    expect(currentPath(router)).toBe('/database?location=Munich');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(await screen.findByRole('link', { name: 'Maria Rust' })).toBeInTheDocument();
  });

  it('narrows the results when a facet is ticked, with the counts shown', async () => {
    signIn({ role: 'recruiter' });
    const asked = answerSearches((p) => (p.getAll('location').includes('Munich') ? result([otto]) : result([candidate(), otto])));
    const { router } = renderWithProviders(null, { route: '/database' });
    const location = await screen.findByRole('group', { name: 'Location' });
    await userEvent.setup().click(within(location).getByRole('checkbox', { name: 'Munich (1)' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Maria Rust' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Otto Brandt' })).toBeInTheDocument();
    expect(asked.at(-1)?.getAll('location')).toEqual(['Munich']);
    expect(currentPath(router)).toBe('/database?location=Munich');
  });

  it('selects the rows of a page and clears the selection', async () => {
    signIn({ role: 'recruiter' });
    answerSearches(() => result([candidate(), otto]));
    renderWithProviders(null, { route: '/database' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    const bar = screen.getByRole('region', { name: 'Selection' });
    expect(within(bar).getByText('2 selected')).toBeInTheDocument();
    // A recruiter acts on the selection: tag, add to a job, a campaign, an Excel export.
    const actions = await within(bar).findByRole('region', { name: 'Bulk actions' });
    for (const name of ['Tag', 'Add to job', 'Add to campaign']) expect(within(actions).getByRole('button', { name })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Otto Brandt' }));
    expect(within(bar).getByText('1 selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();
  });

  it('says what to do when nothing matches, and points to adding candidates when the database is empty', async () => {
    signIn({ role: 'recruiter' });
    answerSearches((p) => result([], p.get('q') ? {} : { facets: noFacets }));
    renderWithProviders(null, { route: '/database?q=zebra' });
    expect(await screen.findByText('No candidates match “zebra”.')).toBeInTheDocument();
    expect(screen.getByText('Try fewer or other words, or clear some filters.')).toBeInTheDocument();
  });

  it('shows a different empty state when the database has nobody yet', async () => {
    signIn({ role: 'recruiter' });
    answerSearches(() => result([], { facets: noFacets }));
    renderWithProviders(null, { route: '/database' });
    expect(await screen.findByText('The candidate database is empty.')).toBeInTheDocument();
    expect(screen.getByText(/when they apply on your career site or when a recruiter adds or imports them/)).toBeInTheDocument();
  });

  it('saves the current search under a name', async () => {
    signIn({ role: 'recruiter' });
    answerSearches(() => result([candidate()]));
    let sent: unknown = null;
    http.onPost('/api/candidates/saved-searches').reply((config) => {
      sent = JSON.parse(config.data as string);
      return [201, { id: '660000000000000000000001', name: 'Berlin', query: { q: 'rust', skills: [], tags: [], source: [], location: ['Berlin'], jobId: [], stageKind: [], lastActivity: [] }, createdAt: '2026-11-24T00:00:00.000Z' }];
    });
    renderWithProviders(null, { route: '/database?q=rust&location=Berlin' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save this search' }));
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Berlin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toMatchObject({ name: 'Berlin', query: { q: 'rust', location: ['Berlin'] } }));
  });
});
