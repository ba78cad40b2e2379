import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import { InterviewApi, type TMeetingRoom } from '@hireflow/contracts/interviews';
import { AvailabilityApi } from '@hireflow/contracts/interviews-availability';
import { startTestApp } from '../../../test/test-app';
import { buildUser, tokenFor } from '../../../test/factories';
import { Location } from '../../org/location.model';
import { buildInterviewCompany, type InterviewCompany } from '../interviews.test-support';
import { MeetingRoom } from './meeting-room.model';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
let ic: InterviewCompany;
let other: InterviewCompany;
let munichAddressId: string;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
  ic = await buildInterviewCompany(app, ctx.config, { applicants: 0 });
  other = await buildInterviewCompany(app, ctx.config, { applicants: 0, title: 'Elsewhere' });
  const munich = await Location.create({ customerId: ic.co.customerId, name: 'Munich', addresses: [{ label: 'Werksviertel', address: 'Atelierstraße 10, 81671 München' }] });
  munichAddressId = String(munich.addresses[0]!._id);
});
afterAll(() => ctx.stop());

const addEdit = (auth: string, body: object) => request(app).post(InterviewApi.meetingRoomAddEdit).set('Authorization', auth).send(body);
const fetchRooms = (auth: string, body: object = {}) => request(app).post(InterviewApi.meetingRoomFetch).set('Authorization', auth).send(body);
const room = (overrides: object = {}) => ({ name: 'Spree', addressId: String(ic.addressId), capacity: 6, equipment: ['Screen', 'Whiteboard'], ...overrides });

describe(`POST ${InterviewApi.meetingRoomAddEdit}`, () => {
  it('adds a room at an office address and answers it with its location and address', async () => {
    const res = await addEdit(ic.co.admin.auth, room()).expect(201);
    expect(res.body.item).toMatchObject({ name: 'Spree', capacity: 6, equipment: ['Screen', 'Whiteboard'], active: true, locationName: 'Berlin', addressLabel: 'HQ', addressId: String(ic.addressId) });
    expect(await MeetingRoom.countDocuments({ customerId: ic.co.customerId, name: 'Spree' })).toBe(1);
  });

  it('edits a room by id, moves it to another address, and deactivates it instead of deleting it', async () => {
    const { body } = await addEdit(ic.co.admin.auth, room({ name: 'Havel', capacity: 4 })).expect(201);
    const edited = await addEdit(ic.co.admin.auth, room({ id: body.item.id, name: 'Isar', addressId: munichAddressId, capacity: 8, equipment: ['Video conference'], active: false })).expect(200);
    expect(edited.body.item).toMatchObject({ id: body.item.id, name: 'Isar', capacity: 8, equipment: ['Video conference'], active: false, locationName: 'Munich', addressLabel: 'Werksviertel' });
    const stored = await MeetingRoom.findOne({ customerId: ic.co.customerId, _id: body.item.id }).lean();
    expect(stored).toMatchObject({ name: 'Isar', active: false, capacity: 8 });
  });

  it('refuses a second room of the same name at the same address (any case), but allows it at another address', async () => {
    await addEdit(ic.co.admin.auth, room({ name: 'Mitte' })).expect(201);
    const dup = await addEdit(ic.co.admin.auth, room({ name: 'mitte' }));
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A meeting room named "mitte" already exists at this address. Choose another name.');
    await addEdit(ic.co.admin.auth, room({ name: 'Mitte', addressId: munichAddressId })).expect(201);
    // Renaming another room onto the name is refused too; saving a room under its own name is not.
    const { body } = await addEdit(ic.co.admin.auth, room({ name: 'Wedding' })).expect(201);
    expect((await addEdit(ic.co.admin.auth, room({ id: body.item.id, name: 'Mitte' }))).status).toBe(409);
    await addEdit(ic.co.admin.auth, room({ id: body.item.id, name: 'Wedding', capacity: 3 })).expect(200);
  });

  it.each([
    [{ name: '' }, 'name: is required'],
    [{ capacity: 0 }, 'capacity:'],
    [{ addressId: 'nope' }, 'addressId:'],
  ])('refuses %j with a 400', async (change, message) => {
    const res = await addEdit(ic.co.admin.auth, room(change));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('needs the right of the manage-locations settings page', async () => {
    const res = await addEdit(ic.co.recruiter.auth, room({ name: 'Nope' }));
    expect(res.status).toBe(403);
    const granted = await buildUser({ customerId: ic.co.customerId, role: 'recruiter', rights: ['standardSettings'] });
    await addEdit(`Bearer ${await tokenFor(ctx.config, granted)}`, room({ name: 'Granted' })).expect(201);
    await request(app).post(InterviewApi.meetingRoomAddEdit).send(room()).expect(401);
  });

  it('keeps companies apart: no room at their address, no editing their room', async () => {
    const atTheirs = await addEdit(ic.co.admin.auth, room({ name: 'Intruder', addressId: String(other.addressId) }));
    expect(atTheirs.status).toBe(400);
    expect(atTheirs.body.message).toBe("addressId: choose one of your company's office addresses");
    const theirs = await addEdit(other.co.admin.auth, { name: 'Theirs', addressId: String(other.addressId), capacity: 5 }).expect(201);
    const edit = await addEdit(ic.co.admin.auth, room({ id: theirs.body.item.id, name: 'Hijacked' }));
    expect(edit.status).toBe(404);
    expect(await MeetingRoom.findOne({ customerId: other.co.customerId, _id: theirs.body.item.id }).lean()).toMatchObject({ name: 'Theirs' });
    expect((await addEdit(ic.co.admin.auth, room({ id: new Types.ObjectId().toHexString() }))).status).toBe(404);
  });
});

describe(`POST ${InterviewApi.meetingRoomFetch}`, () => {
  it('lists the active rooms to any signed-in user, by location, address and name; all of them when asked', async () => {
    const res = await fetchRooms(ic.co.employee.auth).expect(200);
    const names = (res.body.items as TMeetingRoom[]).map((r) => `${r.locationName}/${r.addressLabel}/${r.name}`);
    expect(names).toEqual(['Berlin/HQ/Granted', 'Berlin/HQ/Mitte', 'Berlin/HQ/Spree', 'Berlin/HQ/Wedding', 'Munich/Werksviertel/Mitte']);
    const all = await fetchRooms(ic.co.admin.auth, { includeInactive: true }).expect(200);
    expect((all.body.items as TMeetingRoom[]).find((r) => r.name === 'Isar')).toMatchObject({ active: false });
    expect(all.body.items).toHaveLength(6);
  });

  it('lists the rooms of one office address', async () => {
    const res = await fetchRooms(ic.co.recruiter.auth, { addressId: munichAddressId }).expect(200);
    expect((res.body.items as TMeetingRoom[]).map((r) => r.name)).toEqual(['Mitte']);
  });

  it("answers 404 for another company's address and never shows their rooms", async () => {
    const res = await fetchRooms(ic.co.recruiter.auth, { addressId: String(other.addressId) });
    expect(res.status).toBe(404);
    const mine = await fetchRooms(ic.co.recruiter.auth).expect(200);
    expect(JSON.stringify(mine.body)).not.toContain('Theirs');
    await request(app).post(InterviewApi.meetingRoomFetch).send({}).expect(401);
  });
});

describe(`GET ${AvailabilityApi.officeAddresses}`, () => {
  it("lists the company's office addresses with their ids, and only theirs", async () => {
    const res = await request(app).get(AvailabilityApi.officeAddresses).set('Authorization', ic.co.employee.auth).expect(200);
    expect(res.body.items).toEqual([
      { id: String(ic.addressId), label: 'HQ', address: 'Invalidenstraße 1, 10115 Berlin', locationId: String(ic.co.location._id), locationName: 'Berlin', active: true },
      { id: munichAddressId, label: 'Werksviertel', address: 'Atelierstraße 10, 81671 München', locationId: expect.any(String), locationName: 'Munich', active: true },
    ]);
    await request(app).get(AvailabilityApi.officeAddresses).expect(401);
  });
});

describe('rooms when their location is edited', () => {
  it('stay at their office address when the location is saved with its addresses (label kept, text changed, one added)', async () => {
    const munich = await Location.findOne({ customerId: ic.co.customerId, name: 'Munich' }).lean();
    await request(app)
      .post(`/api/org/locations/${munich!._id}`)
      .set('Authorization', ic.co.admin.auth)
      .send({ addresses: [{ label: 'Campus', address: 'Leopoldstraße 1, München' }, { label: 'Werksviertel', address: 'Atelierstraße 12, 81671 München' }] })
      .expect(200);
    const after = await Location.findOne({ customerId: ic.co.customerId, name: 'Munich' }).lean();
    expect(after!.addresses.find((a) => a.label === 'Werksviertel')!._id!.toString()).toBe(munichAddressId);
    const res = await fetchRooms(ic.co.recruiter.auth, { addressId: munichAddressId }).expect(200);
    expect((res.body.items as TMeetingRoom[]).map((r) => [r.name, r.addressLabel])).toEqual([['Mitte', 'Werksviertel']]);
  });
});
