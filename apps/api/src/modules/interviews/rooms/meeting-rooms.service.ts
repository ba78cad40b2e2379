import { Types } from 'mongoose';
import type { z } from 'zod';
import type { TMeetingRoom, ZMeetingRoomInput } from '@hireflow/contracts/interviews';
import { MeetingRoomMessages } from '@hireflow/contracts/interviews-availability';
import { AppError } from '../../../lib/app-error';
import { escapeRegex } from '../../../lib/escape-regex';
import { Location } from '../../org/location.model';
import { MeetingRoom, type MeetingRoomDoc } from './meeting-room.model';

type RoomInput = z.output<typeof ZMeetingRoomInput>;
type LocationRow = { _id: Types.ObjectId; name: string; status: string; addresses: { _id?: Types.ObjectId; label: string; address: string }[] };

/** Every office address of the company: addressId -> its location and label. */
async function officeAddresses(customerId: Types.ObjectId) {
  const locations = await Location.find({ customerId }, { name: 1, addresses: 1 }).lean<LocationRow[]>();
  const byId = new Map<string, { locationId: Types.ObjectId; locationName: string; label: string }>();
  for (const l of locations) for (const a of l.addresses) byId.set(String(a._id), { locationId: l._id, locationName: l.name, label: a.label });
  return byId;
}

function present(room: MeetingRoomDoc, addresses: Awaited<ReturnType<typeof officeAddresses>>): TMeetingRoom {
  const at = addresses.get(String(room.addressId));
  return {
    id: String(room._id),
    name: room.name,
    locationId: String(room.locationId),
    locationName: at?.locationName ?? '',
    addressId: String(room.addressId),
    addressLabel: at?.label ?? '',
    capacity: room.capacity,
    equipment: room.equipment,
    active: room.active,
  };
}

/** The company's rooms (at one address when asked), by location, address and name; 404 for an address not of the company. */
export async function listMeetingRooms({ customerId, addressId, includeInactive }: { customerId: Types.ObjectId; addressId?: string; includeInactive: boolean }) {
  const addresses = await officeAddresses(customerId);
  if (addressId && !addresses.has(addressId)) throw AppError.notFound('Office address');
  const rooms = await MeetingRoom.find({
    customerId,
    ...(addressId ? { addressId: new Types.ObjectId(addressId) } : {}),
    ...(includeInactive ? {} : { active: true }),
  }).lean<MeetingRoomDoc[]>();
  const items = rooms.map((r) => present(r, addresses));
  const key = (r: TMeetingRoom) => [r.locationName, r.addressLabel, r.name].join('\u0000').toLowerCase();
  items.sort((a, b) => key(a).localeCompare(key(b)));
  return { items };
}

/** Adds a room (no id) or replaces one's details (id); rooms are deactivated, never deleted, so past interviews keep theirs. */
export async function saveMeetingRoom({ customerId, input }: { customerId: Types.ObjectId; input: RoomInput }) {
  const addresses = await officeAddresses(customerId);
  const at = addresses.get(input.addressId);
  if (!at) throw AppError.badRequest(MeetingRoomMessages.notAnOfficeAddress);
  const addressId = new Types.ObjectId(input.addressId);
  const id = input.id ? new Types.ObjectId(input.id) : null;
  if (id && !(await MeetingRoom.exists({ customerId, _id: id }))) throw AppError.notFound('Meeting room');

  const clash = await MeetingRoom.exists({
    customerId, addressId, name: { $regex: `^${escapeRegex(input.name)}$`, $options: 'i' }, ...(id ? { _id: { $ne: id } } : {}),
  });
  if (clash) throw AppError.conflict(MeetingRoomMessages.duplicateName(input.name));

  const fields = { name: input.name, locationId: at.locationId, addressId, capacity: input.capacity, equipment: [...new Set(input.equipment)], active: input.active };
  try {
    const room = id
      ? await MeetingRoom.findOneAndUpdate({ customerId, _id: id }, { $set: fields }, { returnDocument: 'after' }).lean<MeetingRoomDoc>()
      : (await MeetingRoom.create({ customerId, ...fields })).toObject<MeetingRoomDoc>();
    return { item: present(room!, addresses) };
  } catch (error) {
    // Two saves racing for the same name: the unique index decides.
    if ((error as { code?: number }).code === 11000) throw AppError.conflict(MeetingRoomMessages.duplicateName(input.name));
    throw error;
  }
}

/** Every office address of the company, by location and label (`active`: its location is). */
export async function listOfficeAddresses({ customerId }: { customerId: Types.ObjectId }) {
  const locations = await Location.find({ customerId }, { name: 1, status: 1, addresses: 1 }).lean<LocationRow[]>();
  const items = locations.flatMap((l) =>
    l.addresses.map((a) => ({ id: String(a._id), label: a.label, address: a.address, locationId: String(l._id), locationName: l.name, active: l.status === 'active' })),
  );
  items.sort((a, b) => a.locationName.localeCompare(b.locationName) || a.label.localeCompare(b.label));
  return { items };
}
