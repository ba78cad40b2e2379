import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test/test-app';
import { buildCustomer, buildUser } from '../test/factories';
import { Location } from '../modules/org/location.model';
import { User } from '../modules/users/user.model';
import { MeetingRoom } from '../modules/interviews/rooms/meeting-room.model';
import { findFreeSlots } from '../modules/interviews/availability/free-slots';
import { seedAvailability } from './seed-availability';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.stop());

describe('demo availability', () => {
  it('gives every location an office address with rooms and the demo people working hours in three zones that overlap, once', async () => {
    const acme = await buildCustomer({ name: 'Acme Corp', slug: 'acme' });
    const customerId = acme._id;
    const berlin = await Location.create({ customerId, name: 'Berlin', addresses: [{ label: 'HQ', address: 'Friedrichstraße 68' }] });
    await Location.create({ customerId, name: 'Paris', city: 'Paris' });
    const admin = await buildUser({ customerId, email: 'admin@acme.test', admin: true });
    const hm = await buildUser({ customerId, email: 'hm@acme.test' });
    const employee = await buildUser({ customerId, email: 'employee@acme.test' });
    await seedAvailability();
    await seedAvailability();

    const paris = await Location.findOne({ customerId, name: 'Paris' }).lean();
    expect(paris!.addresses.map((a) => a.label)).toEqual(['Office']);
    const rooms = await MeetingRoom.find({ customerId }).sort({ capacity: 1 }).lean();
    expect(rooms.filter((r) => String(r.addressId) === String(berlin.addresses[0]!._id)).map((r) => r.name)).toEqual(['Spree', 'Havel', 'Tempelhof']);
    expect(rooms.filter((r) => String(r.addressId) === String(paris!.addresses[0]!._id)).map((r) => r.name).sort()).toEqual(['Board room', 'Meeting room 1']);
    expect(rooms).toHaveLength(5);

    const zones = (await User.find({ customerId }).lean()).map((u) => u.timezone).sort();
    expect(zones).toEqual(['America/New_York', 'Asia/Kolkata', 'Europe/Berlin']);
    // A panel of the three on a winter Monday: 13:00-14:30 UTC, in a room at Berlin HQ.
    const slots = await findFreeSlots(customerId, {
      interviewerIds: [admin, hm, employee].map((u) => String(u._id)), durationMinutes: 60, from: '2027-01-11T00:00:00Z', to: '2027-01-12T00:00:00Z', timeZone: 'Europe/Berlin', addressId: String(berlin.addresses[0]!._id),
    }, new Date('2027-01-01T00:00:00Z'));
    expect(slots.slots.map((s) => [s.start, s.roomName])).toEqual([
      ['2027-01-11T14:00:00.000+01:00', 'Spree'],
      ['2027-01-11T14:30:00.000+01:00', 'Spree'],
    ]);
  });
});
