import { z } from 'zod';
import { ZMobile, ZName, ZNewPassword, ZObjectId, ZTimeZone } from './common';

// User preferences (/user-preferences): profile, which notification mails I get, my integrations.

export const PreferencesApi = {
  profile: '/api/preferences/profile',
  password: '/api/preferences/password',
  notifications: '/api/preferences/notifications',
} as const;

export const ZProfileUpdateRequest = z.object({
  firstName: ZName,
  lastName: ZName,
  mobile: ZMobile.or(z.literal('')).optional().default(''),
  timezone: ZTimeZone,
  location: ZObjectId.nullable().optional().default(null),
});
export type TProfileUpdateRequest = z.input<typeof ZProfileUpdateRequest>;

export const ZChangePasswordRequest = z
  .object({
    currentPassword: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(200),
    newPassword: ZNewPassword,
    confirmPassword: z.string({ error: 'is required' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: 'The new password must differ from the current one' });
export type TChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

export const NotificationMailKinds = [
  'approvalRequests',
  'interviewReminders',
  'feedbackDue',
  'candidateApplied',
  'offerUpdates',
  'referralUpdates',
  'weeklyDigest',
] as const;
export type TNotificationMailKind = (typeof NotificationMailKinds)[number];

export const NotificationMailLabels: Record<TNotificationMailKind, { label: string; description: string; default: boolean }> = {
  approvalRequests: { label: 'Approval requests', description: 'A vacancy, offer or agency waits for my approval', default: true },
  interviewReminders: { label: 'Interview reminders', description: 'An interview I am on is scheduled, moved or about to start', default: true },
  feedbackDue: { label: 'Feedback due', description: 'My interview feedback is due or overdue', default: true },
  candidateApplied: { label: 'New applications', description: 'A candidate applied to a job I own or follow', default: true },
  offerUpdates: { label: 'Offer updates', description: 'An offer on my jobs was accepted, declined or revoked', default: true },
  referralUpdates: { label: 'Referral updates', description: 'A candidate I referred moved forward or was hired', default: true },
  weeklyDigest: { label: 'Weekly digest', description: 'A Monday summary of my jobs and tasks', default: false },
};

export const ZNotificationPreferences = z.object(
  Object.fromEntries(NotificationMailKinds.map((k) => [k, z.boolean({ error: 'must be true or false' })])) as Record<TNotificationMailKind, z.ZodBoolean>,
);
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;
export const ZNotificationPreferencesUpdate = ZNotificationPreferences.partial();
export const ZNotificationPreferencesResponse = z.object({ notifications: ZNotificationPreferences });


export const PreferencesMessages = {
  passwordChanged: 'Your password was changed. Other sessions were signed out.',
  wrongCurrentPassword: 'currentPassword: is not your current password',
  noPasswordYet: 'Your account has no password yet. Use "Forgot password" on the sign-in page to set one.',
} as const;
