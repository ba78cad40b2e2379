import type { Types } from 'mongoose';
import type { TWorkingDay } from '@hireflow/contracts/interviews';
import { Customer } from '../modules/org/customer.model';
import { Location } from '../modules/org/location.model';
import { User } from '../modules/users/user.model';
import { MeetingRoom } from '../modules/interviews/rooms/meeting-room.model';
import { DemoCompanies } from './demo-accounts';

const weekdays = (start: string, end: string): TWorkingDay[] => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start, end }));

/**
 * Three time zones whose working days overlap 13:00-14:30 UTC in winter (Berlin 09-17 = 08-16 UTC,
 * New York 08-16 = 13-21 UTC, Kolkata 12-20 = 06:30-14:30 UTC), so a mixed panel still has slots.
 */
export const DemoWorkingHours = {
  berlin: { timezone: 'Europe/Berlin', workingHours: weekdays('09:00', '17:00') },
  newYork: { timezone: 'America/New_York', workingHours: weekdays('08:00', '16:00') },
  kolkata: { timezone: 'Asia/Kolkata', workingHours: weekdays('12:00', '20:00') },
} as const;
type Zone = keyof typeof DemoWorkingHours;

/** The named demo sign-ins: the interview panels of the demo jobs mix them across the three zones. */
const NamedUsers: Record<string, Zone> = {
  'admin@acme.test': 'berlin',
  'recruiter@acme.test': 'berlin',
  'hm@acme.test': 'newYork',
  'employee@acme.test': 'kolkata',
  'admin@globex.test': 'newYork',
  'recruiter@globex.test': 'kolkata',
};

/** Rooms by "location/address label" (the demo's own addresses), else a small and a large room. */
const RoomsByAddress: Record<string, { name: string; capacity: number; equipment: string[] }[]> = {
  'Berlin/HQ': [
    { name: 'Spree', capacity: 4, equipment: ['Screen'] },
    { name: 'Havel', capacity: 8, equipment: ['Screen', 'Video conference'] },
    { name: 'Tempelhof', capacity: 16, equipment: ['Projector', 'Whiteboard', 'Video conference'] },
  ],
  'Berlin/Lab': [{ name: 'Lab room', capacity: 6, equipment: ['Whiteboard'] }],
  'New York/Office': [
    { name: 'Hudson', capacity: 6, equipment: ['Screen', 'Video conference'] },
    { name: 'Liberty', capacity: 12, equipment: ['Projector'] },
  ],
  'Bangalore/Tech park': [
    { name: 'Cubbon', capacity: 4, equipment: ['Screen'] },
    { name: 'Lalbagh', capacity: 10, equipment: ['Projector', 'Whiteboard'] },
  ],
};
const DefaultRooms = [
  { name: 'Meeting room 1', capacity: 6, equipment: ['Screen'] },
  { name: 'Board room', capacity: 12, equipment: ['Projector', 'Video conference'] },
];

const zoneOfLocation = (name: string): Zone | null => (/berlin/i.test(name) ? 'berlin' : /new york/i.test(name) ? 'newYork' : /bangalore|bengaluru|kolkata|india/i.test(name) ? 'kolkata' : null);

/**
 * Interview availability for the demo companies: an office address at every location that lacks one,
 * meeting rooms at each office address, and working hours in Berlin, New York and Kolkata (by the
 * user's office location, else in turn). Runs after the people and locations exist; does nothing twice.
 */
export async function seedAvailability() {
  for (const company of DemoCompanies) {
    const customer = await Customer.findOne({ slug: company.slug }).lean();
    if (!customer) continue;
    const customerId = customer._id;
    if (await MeetingRoom.exists({ customerId })) continue;

    const locations = await Location.find({ customerId }).lean();
    for (const location of locations) {
      if (location.addresses.length) continue;
      await Location.updateOne({ customerId, _id: location._id }, { $push: { addresses: { label: 'Office', address: location.city || location.name } } });
    }
    for (const location of await Location.find({ customerId }).lean()) {
      for (const address of location.addresses) {
        const rooms = RoomsByAddress[`${location.name}/${address.label}`] ?? DefaultRooms;
        await MeetingRoom.insertMany(rooms.map((r) => ({ customerId, locationId: location._id, addressId: address._id as Types.ObjectId, ...r })));
      }
    }

    const zoneByLocation = new Map(locations.map((l) => [String(l._id), zoneOfLocation(l.name)]));
    const zones = Object.keys(DemoWorkingHours) as Zone[];
    const users = await User.find({ customerId, status: 'active' }, { email: 1, location: 1 }).sort({ _id: 1 }).lean();
    await User.bulkWrite(
      users.map((u, i) => {
        const zone = NamedUsers[u.email] ?? (u.location ? zoneByLocation.get(String(u.location)) : null) ?? zones[i % zones.length]!;
        return { updateOne: { filter: { customerId, _id: u._id }, update: { $set: DemoWorkingHours[zone] } } };
      }),
    );
  }
}
