import { Router, type Request } from 'express';
import {
  PreferencesApi,
  ZChangePasswordRequest,
  ZNotificationPreferencesUpdate,
  ZProfileUpdateRequest,
} from '@hireflow/contracts/preferences';
import { authOf, requireAuth } from '../../lib/auth';
import { hitRateLimit } from '../../lib/rate-limit';
import { validate } from '../../lib/validate';
import { changePassword, getNotifications, getProfile, updateNotifications, updateProfile } from './preferences.service';

/** /user-preferences: every call acts on the signed-in user only. */
export const preferencesRouter = Router();

const path = (p: string) => p.replace(/^\/api/, '');
const me = (req: Request) => {
  const { userId, customerId } = authOf(req);
  return { userId, customerId };
};
/** Guessing the current password from a stolen session is slowed like sign-in is. */
const PasswordChangeRule = { name: 'pref-password', max: 10, windowSeconds: 15 * 60 };

preferencesRouter.get(path(PreferencesApi.profile), requireAuth, async (req, res) => {
  res.json(await getProfile(me(req)));
});
preferencesRouter.post(path(PreferencesApi.profile), requireAuth, validate({ body: ZProfileUpdateRequest }), async (req, res) => {
  res.json(await updateProfile(me(req), req.body));
});
preferencesRouter.post(path(PreferencesApi.password), requireAuth, validate({ body: ZChangePasswordRequest }), async (req, res) => {
  const { sessionId, userId } = authOf(req);
  await hitRateLimit(req.app.locals.config, PasswordChangeRule, `user:${userId}`);
  res.json(await changePassword({ ...me(req), sessionId, config: req.app.locals.config }, req.body));
});
preferencesRouter.get(path(PreferencesApi.notifications), requireAuth, async (req, res) => {
  res.json(await getNotifications(me(req)));
});
preferencesRouter.post(path(PreferencesApi.notifications), requireAuth, validate({ body: ZNotificationPreferencesUpdate }), async (req, res) => {
  res.json(await updateNotifications(me(req), req.body));
});
