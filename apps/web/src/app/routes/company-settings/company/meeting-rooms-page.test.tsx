import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccessRightKeys } from '@hireflow/contracts/roles';
import { InterviewApi, type TMeetingRoom } from '@hireflow/contracts/interviews';
import { AvailabilityApi, type TOfficeAddress } from '@hireflow/contracts/interviews-availability';
import { IntegrationsApi } from '@hireflow/contracts/integrations';
import { renderWithProviders } from '@/test/render';
import { providerRedirect } from '@/features/integrations/api/connect-integration';
import { buildMyIntegrations } from '@/features/integrations/test/build-integrations';
import { signIn } from '@/test/factories';
import { mockHttp } from '@/test/http';

const http = mockHttp();

const hq: TOfficeAddress = { id: 'a1', label: 'HQ', address: 'Invalidenstraße 1, Berlin', locationId: 'l1', locationName: 'Berlin', active: true };
const plant: TOfficeAddress = { id: 'a2', label: 'Plant', address: 'Werkstraße 5, Munich', locationId: 'l2', locationName: 'Munich', active: true };
const room = (over: Partial<TMeetingRoom>): TMeetingRoom => ({
  id: 'r1', name: 'Spree', locationId: 'l1', locationName: 'Berlin', addressId: 'a1', addressLabel: 'HQ', capacity: 6, equipment: ['Screen'], active: true, ...over,
});

function signInAsAdmin() {
  const session = signIn({ admin: true });
  http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
}

async function openPage() {
  renderWithProviders(null, { route: '/company-settings/manage-locations/meeting-rooms' });
  await screen.findByRole('heading', { name: 'Locations', level: 1 });
}

describe('/company-settings/manage-locations/meeting-rooms', () => {
  it('lists the rooms under their office address, an address without rooms says so', async () => {
    signInAsAdmin();
    http.onGet(AvailabilityApi.officeAddresses).reply(200, { items: [hq, plant] });
    http.onPost(InterviewApi.meetingRoomFetch).reply(200, { items: [room({}), room({ id: 'r2', name: 'Havel', capacity: 12, equipment: [], active: false })] });
    await openPage();
    const berlin = await screen.findByRole('region', { name: 'Berlin · HQ' });
    expect(within(berlin).getByRole('cell', { name: 'Spree' })).toBeInTheDocument();
    expect(within(berlin).getByText('Inactive')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Munich · Plant' })).getByText('No rooms at this address yet.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Meeting rooms' })).toHaveAttribute('aria-selected', 'true');
  });

  it('adds a room with its address, seats and equipment, and shows a duplicate name refused by the server', async () => {
    signInAsAdmin();
    http.onGet(AvailabilityApi.officeAddresses).reply(200, { items: [hq, plant] });
    http.onPost(InterviewApi.meetingRoomFetch).reply(200, { items: [room({})] });
    const sent: unknown[] = [];
    http.onPost(InterviewApi.meetingRoomAddEdit).reply((config) => {
      sent.push(JSON.parse(config.data));
      return sent.length === 1
        ? [409, { code: 'conflict', message: 'A meeting room named "Spree" already exists at this address. Choose another name.' }]
        : [201, { item: room({ id: 'r9', name: 'Isar', addressId: 'a2' }) }];
    });
    await openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a room at Munich · Plant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add meeting room' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Spree');
    const seats = within(dialog).getByRole('textbox', { name: 'Seats' });
    await user.clear(seats);
    await user.type(seats, '4');
    await user.type(within(dialog).getByPlaceholderText('Add equipment'), 'Whiteboard{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Add room' }));
    expect(await within(dialog).findByText('A meeting room named "Spree" already exists at this address. Choose another name.')).toBeInTheDocument();
    expect(sent[0]).toEqual({ name: 'Spree', addressId: 'a2', capacity: 4, equipment: ['Whiteboard'], active: true });

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Isar');
    await user.click(within(dialog).getByRole('button', { name: 'Add room' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent[1]).toMatchObject({ name: 'Isar', addressId: 'a2' });
  });

  it('edits a room: deactivating sends its id with active false; an empty name is refused before sending', async () => {
    signInAsAdmin();
    http.onGet(AvailabilityApi.officeAddresses).reply(200, { items: [hq] });
    http.onPost(InterviewApi.meetingRoomFetch).reply(200, { items: [room({})] });
    let sent: unknown = null;
    http.onPost(InterviewApi.meetingRoomAddEdit).reply((config) => {
      sent = JSON.parse(config.data);
      return [200, { item: room({ active: false }) }];
    });
    await openPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Spree' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Spree' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save room' }));
    expect(await within(dialog).findByText('Enter a name')).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.type(name, 'Spree');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Active (offered when scheduling)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save room' }));
    await waitFor(() => expect(sent).toEqual({ id: 'r1', name: 'Spree', addressId: 'a1', capacity: 6, equipment: ['Screen'], active: false }));
  });

  it('says to add office addresses first when the company has none', async () => {
    signInAsAdmin();
    http.onGet(AvailabilityApi.officeAddresses).reply(200, { items: [] });
    http.onPost(InterviewApi.meetingRoomFetch).reply(200, { items: [] });
    await openPage();
    expect(await screen.findByText(/Add office addresses to your locations first/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to office locations' })).toHaveAttribute('href', '/company-settings/manage-locations/office-locations');
    expect(screen.queryByRole('button', { name: 'Add meeting room' })).toBeNull();
  });

  describe("a room's calendar", () => {
    const checkOf = (id: string) => IntegrationsApi.checkMRAuthenticated.replace(':x', id);
    function withRooms() {
      http.onGet(AvailabilityApi.officeAddresses).reply(200, { items: [hq] });
      http.onPost(InterviewApi.meetingRoomFetch).reply(200, { items: [room({}), room({ id: 'r2', name: 'Havel' })] });
      http.onGet(checkOf('r1')).reply(200, { authenticated: true, provider: 'microsoft', account: 'spree@acme.test', status: 'connected' });
      http.onGet(checkOf('r2')).reply(200, { authenticated: false, provider: null, account: null, status: null });
      http.onGet(IntegrationsApi.mine).reply(200, buildMyIntegrations({ providers: { google: true, microsoft: false } }));
    }

    it('shows each room\'s calendar state; an admin connects one with the configured provider', async () => {
      signInAsAdmin();
      withRooms();
      const go = vi.spyOn(providerRedirect, 'go').mockImplementation(() => {});
      let sent: unknown = null;
      http.onPost(IntegrationsApi.connect).reply((config) => {
        sent = JSON.parse(config.data);
        return [200, { url: 'https://accounts.google.test/o/oauth2/auth?state=r' }];
      });
      await openPage();
      const spree = await screen.findByRole('row', { name: /Spree/ });
      expect(await within(spree).findByText('Outlook calendar: spree@acme.test')).toBeInTheDocument();
      expect(within(spree).getByText('Connected')).toBeInTheDocument();
      const havel = screen.getByRole('row', { name: /Havel/ });
      expect(await within(havel).findByText('Not connected')).toBeInTheDocument();
      const user = userEvent.setup();
      expect(within(havel).queryByRole('button', { name: 'Connect calendar of Havel with Microsoft' })).toBeNull();
      await user.click(within(havel).getByRole('button', { name: 'Connect calendar of Havel with Google' }));
      await waitFor(() => expect(go).toHaveBeenCalledWith('https://accounts.google.test/o/oauth2/auth?state=r'));
      expect(sent).toEqual({ service: 'room-calendar', provider: 'google', meetingRoomId: 'r2', returnTo: '/company-settings/manage-locations/meeting-rooms' });
      go.mockRestore();
    });

    it('someone who is not an admin sees the state but no Connect calendar', async () => {
      const session = signIn({ admin: false });
      http.onGet('/api/user-accessmatrix').reply(200, { user: session.user, rights: AccessRightKeys });
      withRooms();
      await openPage();
      const havel = await screen.findByRole('row', { name: /Havel/ });
      expect(await within(havel).findByText('Not connected')).toBeInTheDocument();
      expect(within(havel).queryByRole('button', { name: /calendar of Havel/ })).toBeNull();
    });
  });
});
