import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DefaultWorkingDays, InterviewApi } from '@hireflow/contracts/interviews';
import { renderWithProviders } from '@/test/render';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';
import WorkingHoursEditor from './working-hours-editor';

const http = mockHttp();

async function openEditor(hours = { timeZone: 'Europe/Berlin', days: DefaultWorkingDays }) {
  signIn();
  http.onGet(InterviewApi.workingHours).reply(200, hours);
  renderWithProviders(<WorkingHoursEditor />);
  await screen.findByRole('checkbox', { name: 'Monday' });
}

describe('the working-hours editor', () => {
  it('shows my days and times, and saves the days I turn on with their times and my time zone', async () => {
    await openEditor();
    expect(screen.getByRole('checkbox', { name: 'Friday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Saturday' })).not.toBeChecked();
    expect(screen.getByLabelText('Saturday from')).toBeDisabled();
    expect(screen.getByLabelText('Monday from')).toHaveValue('09:00');
    let sent: unknown = null;
    http.onPut(InterviewApi.workingHours).reply((config) => {
      sent = JSON.parse(config.data);
      return [200, sent];
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    const saturdayTo = screen.getByLabelText('Saturday to');
    await user.clear(saturdayTo);
    await user.type(saturdayTo, '13:00');
    await user.click(screen.getByRole('button', { name: 'Save working hours' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toEqual({
      timeZone: 'Europe/Berlin',
      days: [
        { weekday: 1, start: '09:00', end: '17:00' },
        { weekday: 2, start: '09:00', end: '17:00' },
        { weekday: 4, start: '09:00', end: '17:00' },
        { weekday: 5, start: '09:00', end: '17:00' },
        { weekday: 6, start: '09:00', end: '13:00' },
      ],
    });
  });

  it('names the day whose end is not after its start, and sends nothing', async () => {
    await openEditor();
    let calls = 0;
    http.onPut(InterviewApi.workingHours).reply(() => {
      calls++;
      return [200, {}];
    });
    const user = userEvent.setup();
    const tuesdayTo = screen.getByLabelText('Tuesday to');
    await user.clear(tuesdayTo);
    await user.type(tuesdayTo, '08:00');
    await user.click(screen.getByRole('button', { name: 'Save working hours' }));
    expect(await screen.findByText('Tuesday: The end must be after the start.')).toBeInTheDocument();
    expect(screen.getByText('The end must be after the start')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('asks for at least one day, and shows what the server refused', async () => {
    await openEditor({ timeZone: 'UTC', days: [{ weekday: 1, start: '09:00', end: '17:00' }] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.click(screen.getByRole('button', { name: 'Save working hours' }));
    expect(await screen.findByText('Turn on at least one working day.')).toBeInTheDocument();

    http.onPut(InterviewApi.workingHours).reply(400, { code: 'bad_request', message: 'timeZone: is not a known time zone' });
    await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
    await user.click(screen.getByRole('button', { name: 'Save working hours' }));
    expect(await screen.findByText('timeZone: is not a known time zone')).toBeInTheDocument();
  });
});

/** A Mantine Select's text input (its listbox carries the same label). */
const inputLabelled = (label: string) => screen.getAllByLabelText(label).find((e) => e.tagName === 'INPUT')!;

describe('the working-hours editor on the profile page', () => {
  it('saving a new time zone here is what the profile form then sends', async () => {
    const session = signIn({ timezone: 'UTC' });
    let current = session.user;
    let hours = { timeZone: 'UTC', days: DefaultWorkingDays };
    http.onGet('/api/user-accessmatrix').reply(() => [200, { user: current, rights: [] }]);
    http.onGet('/api/preferences/profile').reply(() => [200, { user: current }]);
    http.onGet('/api/org/locations/options').reply(200, { options: [] });
    http.onGet(InterviewApi.workingHours).reply(() => [200, hours]);
    http.onPut(InterviewApi.workingHours).reply((config) => {
      hours = JSON.parse(config.data);
      current = { ...current, timezone: hours.timeZone };
      return [200, hours];
    });
    let profileSent: Record<string, unknown> | null = null;
    http.onPost('/api/preferences/profile').reply((config) => {
      profileSent = JSON.parse(config.data);
      return [200, { user: current }];
    });
    renderWithProviders(null, { route: '/user-preferences/profile' });
    const user = userEvent.setup();
    await screen.findAllByLabelText('Time zone of my working hours');
    const zone = inputLabelled('Time zone of my working hours');
    await user.clear(zone);
    await user.type(zone, 'Europe/Berl');
    await user.click(await screen.findByRole('option', { name: 'Europe/Berlin' }));
    await user.click(screen.getByRole('button', { name: 'Save working hours' }));
    await waitFor(() => expect(hours.timeZone).toBe('Europe/Berlin'));
    await waitFor(() => expect(inputLabelled('Time zone')).toHaveValue('Europe/Berlin'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(profileSent).toMatchObject({ timezone: 'Europe/Berlin' }));
  });
});
