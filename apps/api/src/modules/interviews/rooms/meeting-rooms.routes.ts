import { Router } from 'express';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { InterviewApi, ZMeetingRoomInput } from '@hireflow/contracts/interviews';
import { AvailabilityApi, ZMeetingRoomFetchRequest } from '@hireflow/contracts/interviews-availability';
import { requireAuth, requireRight, tenantOf } from '../../../lib/auth';
import { validate } from '../../../lib/validate';
import { apiPath } from '../../jobs/jobs.context';
import { listMeetingRooms, listOfficeAddresses, saveMeetingRoom } from './meeting-rooms.service';

export const meetingRoomsRouter = Router();

/** SPEC: the company's meeting rooms (at an office address). Any signed-in user: the scheduling dialog lists them. */
meetingRoomsRouter.post(apiPath(InterviewApi.meetingRoomFetch), requireAuth, validate({ body: ZMeetingRoomFetchRequest }), async (req, res) => {
  res.json(await listMeetingRooms({ customerId: tenantOf(req), ...req.body }));
});

/** SPEC: add (no id) or edit (id) a room; the right of the manage-locations settings page. */
meetingRoomsRouter.post(
  apiPath(InterviewApi.meetingRoomAddEdit),
  requireAuth,
  requireRight(CompanySettingsPages['manage-locations']),
  validate({ body: ZMeetingRoomInput }),
  async (req, res) => {
    const saved = await saveMeetingRoom({ customerId: tenantOf(req), input: req.body });
    res.status(req.body.id ? 200 : 201).json(saved);
  },
);

/** The office addresses rooms can be at (any signed-in user: scheduling picks one to look for a room). */
meetingRoomsRouter.get(apiPath(AvailabilityApi.officeAddresses), requireAuth, async (req, res) => {
  res.json(await listOfficeAddresses({ customerId: tenantOf(req) }));
});
