import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { tenantField, tenantOwned } from '../../../lib/tenancy';

/**
 * A meeting room at one office address (an address of a Location). `bookingVersion` is bumped by every
 * booking of the room inside the booking's transaction, so two bookings racing for it conflict and one retries.
 */
const meetingRoomSchema = new Schema(
  {
    customerId: tenantField(),
    name: { type: String, required: true, trim: true },
    locationId: { type: Schema.Types.ObjectId, ref: 'Location', required: true },
    addressId: { type: Schema.Types.ObjectId, required: true },
    capacity: { type: Number, required: true },
    equipment: { type: [String], default: [] },
    active: { type: Boolean, default: true },
    bookingVersion: { type: Number, default: 0 },
  },
  { timestamps: true },
);
tenantOwned(meetingRoomSchema);
meetingRoomSchema.index({ customerId: 1, addressId: 1, name: 1 }, { unique: true });

export type MeetingRoomDoc = InferSchemaType<typeof meetingRoomSchema> & { _id: Types.ObjectId };
export const MeetingRoom = model('MeetingRoom', meetingRoomSchema);
