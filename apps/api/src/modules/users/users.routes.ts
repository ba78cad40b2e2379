import express, { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  UserMessages,
  UserValidation,
  ZAdminSignupRequest,
  ZChangeStatusRequest,
  ZSearchText,
  ZStartUsersExportRequest,
  ZSwapAdminRequest,
  ZUserListRequest,
  ZUserProfileUpdateRequest,
} from '@hireflow/contracts/users';
import { ZObjectId } from '@hireflow/contracts/common';
import { AppError } from '../../lib/app-error';
import { authOf, requireAuth, requireRight, tenantOf } from '../../lib/auth';
import { clockOf } from '../../lib/clock';
import { validate } from '../../lib/validate';
import { recordExportAudit } from '../privacy/audit/audit';
import { addUser, changeUserStatus, listUsers, presentOne, searchUsers, swapAdmin, updateUserProfile } from './users.service';
import { UsersExportJob, XlsxType, usersExportFileName, writeUsersExport } from './users-export';
import { startExport } from '../exports/exports.service';
import { importUsers } from './users-import.service';
import { queueImportInvitations, resendUserInvitation, sendUserInvitation } from './user-invitation';
import type { UserRowSource } from './user-row.presenter';
import { userAccessRouter } from './user-access.routes';

const managingActor = (req: Request) => ({ userId: authOf(req).userId, rights: authOf(req).rights });

export const usersRouter = Router();
usersRouter.use(userAccessRouter);

const ZIdParams = z.object({ id: ZObjectId });

/** manageUsers opens the list; manageSpecialUsers alone opens only the lists of special users (manage-spcl-user). */
const mayListUsers: RequestHandler = (req, _res, next) => {
  const { rights } = authOf(req);
  const { filters, export: wantsExport } = req.body as z.output<typeof ZUserListRequest>;
  const specialOnly = !wantsExport && (filters.role === 'Site Admins' || filters.role === 'Super Users');
  next(rights.has('manageUsers') || (specialOnly && rights.has('manageSpecialUsers')) ? undefined : AppError.forbidden('You need the "manageUsers" access right'));
};

usersRouter.post('/user', requireAuth, validate({ body: ZUserListRequest }), mayListUsers, async (req, res) => {
  const { filters, skip, export: wantsExport } = req.body as z.output<typeof ZUserListRequest>;
  const customerId = tenantOf(req);
  if (!wantsExport) {
    res.json(await listUsers({ customerId, filters, skip, signal: req.signal }));
    return;
  }
  // SPEC section 7: the list call with export answers the file itself. The web app uses the background export below.
  res.setHeader('Content-Type', XlsxType);
  res.setHeader('Content-Disposition', `attachment; filename="${usersExportFileName()}"`);
  res.setHeader('Cache-Control', 'no-store');
  await recordExportAudit({ customerId, userId: authOf(req).userId, at: new Date(clockOf(req).now()), detail: 'Users exported to Excel' });
  try {
    await writeUsersExport({ customerId, filters, out: res });
  } catch (error) {
    // Headers and part of the file are already out: cut the download so the browser reports a failure.
    req.log.error({ err: error }, 'user export failed');
    res.destroy(error as Error);
  }
});

/** The Excel export as a background job: 202 { jobId }; its status and file are at /api/exports/:id. */
usersRouter.post('/user/export', requireAuth, requireRight('manageUsers'), validate({ body: ZStartUsersExportRequest }), async (req, res) => {
  const { filters } = req.body as z.output<typeof ZStartUsersExportRequest>;
  const payload = { customerId: String(tenantOf(req)), requestedBy: String(authOf(req).userId), filters };
  res.status(202).json(await startExport({ config: req.app.locals.config, definition: UsersExportJob, payload }));
});

usersRouter.get('/searchusers/:text', requireAuth, validate({ params: z.object({ text: ZSearchText }) }), async (req, res) => {
  res.json(await searchUsers({ customerId: tenantOf(req), text: (req.params as unknown as { text: string }).text }));
});

usersRouter.post('/user/signup', requireAuth, requireRight('manageUsers'), validate({ body: ZAdminSignupRequest }), async (req, res) => {
  const customerId = tenantOf(req);
  const user = await addUser({ customerId, input: req.body });
  const { delivered } = await sendUserInvitation({ config: req.app.locals.config, logger: req.log, user });
  res.status(201).json({
    user: await presentOne(customerId, user.toObject() as UserRowSource),
    message: delivered ? UserMessages.created : UserMessages.createdNotInvited,
    invitationSent: delivered,
  });
});

usersRouter.post('/user/:id/resend-invitation', requireAuth, requireRight('manageUsers'), validate({ params: ZIdParams }), async (req, res) => {
  res.json(await resendUserInvitation({ customerId: tenantOf(req), id: req.params.id as string, config: req.app.locals.config, logger: req.log }));
});

usersRouter.post('/user/profile/:id', requireAuth, requireRight('manageUsers'), validate({ params: ZIdParams, body: ZUserProfileUpdateRequest }), async (req, res) => {
  res.json({ user: await updateUserProfile({ customerId: tenantOf(req), actor: managingActor(req), id: req.params.id as string, input: req.body }) });
});

usersRouter.post('/user/swapAdmin', requireAuth, requireRight('canChangeAdmin'), validate({ body: ZSwapAdminRequest }), async (req, res) => {
  res.json(await swapAdmin({ customerId: tenantOf(req), actor: { userId: authOf(req).userId }, input: req.body }));
});

usersRouter.post('/user/change_status', requireAuth, requireRight('manageUsers'), validate({ body: ZChangeStatusRequest }), async (req, res) => {
  res.json({ user: await changeUserStatus({ customerId: tenantOf(req), actor: managingActor(req), input: req.body }) });
});

const importTypes = [
  'text/csv',
  'application/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
];
const rawImport = express.raw({ type: importTypes, limit: UserValidation.maxImportBytes });
/** The file as the request body; a too large one is refused with the import's own limit. */
const readImportFile: RequestHandler = (req, res, next) =>
  rawImport(req, res, (error?: unknown) => {
    if ((error as { type?: string })?.type === 'entity.too.large') {
      next(new AppError('payload_too_large', { status: 413, message: `The file is larger than ${UserValidation.maxImportBytes / 1024 / 1024} MB; split it into smaller files.` }));
    } else next(error as Error | undefined);
  });

usersRouter.post(
  '/user/import',
  requireAuth,
  requireRight('manageUsers'),
  readImportFile,
  async (req, res) => {
    const { report, users } = await importUsers({
      customerId: tenantOf(req),
      file: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      contentType: String(req.headers['content-type'] ?? ''),
    });
    // Queued, not sent here: 2,000 rows must not wait on 2,000 SMTP round trips, nor be lost on a restart.
    await queueImportInvitations(users);
    res.json(report);
  },
);
