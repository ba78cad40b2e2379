import { z } from 'zod';
import { ZMeetingRoomFetch, ZWorkingHours, WeekdayLabels } from './interviews';

// Availability (issue 15): working hours and meeting rooms, beyond the shapes interviews.ts names.

/** PUT /api/user/working-hours: at least one day; one or more spans a weekday, never overlapping on the same day. */
export const ZWorkingHoursInput = ZWorkingHours.superRefine((hours, ctx) => {
  // No days at all would read as the default week (see DefaultWorkingDays), so it is refused rather than misread.
  if (!hours.days.length) ctx.addIssue({ code: 'custom', path: ['days'], message: 'turn on at least one working day' });
  for (const weekday of new Set(hours.days.map((d) => d.weekday))) {
    const spans = hours.days.filter((d) => d.weekday === weekday).sort((a, b) => a.start.localeCompare(b.start));
    if (spans.some((s, i) => i > 0 && s.start < spans[i - 1]!.end)) {
      ctx.addIssue({ code: 'custom', path: ['days'], message: `the hours of ${WeekdayLabels[weekday]} overlap` });
    }
  }
});
export type TWorkingHoursInput = z.input<typeof ZWorkingHoursInput>;

/** POST /api/meetingroom/fetch: active rooms (what scheduling offers) unless the settings page asks for all. */
export const ZMeetingRoomFetchRequest = ZMeetingRoomFetch.extend({ includeInactive: z.boolean().default(false) });
export type TMeetingRoomFetchRequest = z.input<typeof ZMeetingRoomFetchRequest>;

export const MeetingRoomMessages = {
  notAnOfficeAddress: 'addressId: choose one of your company\'s office addresses',
  duplicateName: (name: string) => `A meeting room named "${name}" already exists at this address. Choose another name.`,
} as const;

/** The company's office addresses (every location's), for the room settings and the scheduling dialog's room search. */
export const AvailabilityApi = { officeAddresses: '/api/meetingroom/addresses' } as const;
export const ZOfficeAddress = z.object({ id: z.string(), label: z.string(), address: z.string(), locationId: z.string(), locationName: z.string(), active: z.boolean() });
export type TOfficeAddress = z.infer<typeof ZOfficeAddress>;
export const ZOfficeAddressList = z.object({ items: z.array(ZOfficeAddress) });
