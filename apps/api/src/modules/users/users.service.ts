import mongoose, { type ClientSession, type Types } from 'mongoose';
import { UserList } from '@hireflow/contracts/constants';
import { AccessRightKeys, type TAccessRight } from '@hireflow/contracts/roles';
import {
  SearchUsersLimit,
  UserMessages,
  type TAdminSignupRequest,
  type TChangeStatusRequest,
  type TSwapAdminRequest,
  type TUserListFilters,
  type TUserProfileUpdateRequest,
  type TUserRow,
} from '@hireflow/contracts/users';
import { AppError } from '../../lib/app-error';
import { revokeUserSessions } from '../auth/session.model';
import { BusinessUnit } from '../org/business-unit.model';
import { Department } from '../org/department.model';
import { Location } from '../org/location.model';
import { User } from './user.model';
import { buildUserFilter, searchCondition, userListSort } from './user-query';
import { loadOrgNames, presentUserOption, presentUserRow, type UserRowSource } from './user-row.presenter';
import { cutOffWhenGone } from '../../lib/client-gone';
import { assertSeatsFor } from '../billing/plans';
import { withTransaction } from '../jobs/with-transaction';

type Actor = { userId: Types.ObjectId };
/** Who is changing another user: their effective rights decide whom they may change. */
export type ManagingActor = Actor & { rights: ReadonlySet<TAccessRight> };

/**
 * Nobody may change someone who holds more than they do: an admin only by an admin, and a user with
 * rights the caller lacks not at all (changing their email would let the caller take the account over).
 */
export function assertMayManage(actor: ManagingActor, target: { _id: Types.ObjectId; admin?: boolean | null; rights?: string[] | null }) {
  if (target._id.equals(actor.userId)) return;
  const actorIsAdmin = AccessRightKeys.every((key) => actor.rights.has(key));
  if (target.admin && !actorIsAdmin) throw AppError.forbidden(UserMessages.adminOnly);
  const beyond = (target.rights ?? []).find((key) => !actor.rights.has(key as TAccessRight));
  if (beyond) throw AppError.forbidden(UserMessages.moreRights);
}

/** One page of the user list: up to pageSize + 1 rows (the extra row tells the SPA there is more) and the total. */
export async function listUsers({ customerId, filters, skip, signal }: { customerId: Types.ObjectId; filters: TUserListFilters; skip: number; signal?: AbortSignal }) {
  const filter = buildUserFilter(customerId, filters);
  const [rows, cnt] = await Promise.all([
    User.find(filter).sort(userListSort).skip(skip).limit(UserList.pageSize + 1).setOptions(cutOffWhenGone(signal)).lean<UserRowSource[]>(),
    User.countDocuments(filter).setOptions(cutOffWhenGone(signal)),
  ]);
  const names = await loadOrgNames(customerId, rows);
  return { ul: rows.map((u) => presentUserRow(u, names)), cnt };
}

/** Typeahead for pickers: active users of the company whose names, email or eCode start with the words typed. */
export async function searchUsers({ customerId, text }: { customerId: Types.ObjectId; text: string }) {
  const condition = searchCondition(text);
  if (Object.keys(condition).length === 0) return { users: [] };
  const rows = await User.find({ customerId, status: 'active', ...condition }, { firstName: 1, lastName: 1, email: 1, role: 1, addlRoles: 1 })
    .sort(userListSort)
    .limit(SearchUsersLimit)
    .lean();
  return { users: rows.map(presentUserOption) };
}

/** A user of the caller's company, or 404 (another company's id is as unknown as a made-up one). */
export async function findCompanyUser(customerId: Types.ObjectId, id: string | Types.ObjectId) {
  const user = await User.findOne({ _id: id, customerId });
  if (!user) throw AppError.notFound('User');
  return user;
}

export async function presentOne(customerId: Types.ObjectId, user: UserRowSource): Promise<TUserRow> {
  return presentUserRow(user, await loadOrgNames(customerId, [user]));
}

/** Business unit, department and location must be the company's own (404 otherwise). */
async function assertOrgRefs(customerId: Types.ObjectId, refs: { buItemId?: string | null; department?: string | null; location?: string | null }) {
  const checks: [string | null | undefined, () => Promise<unknown>, string][] = [
    [refs.buItemId, () => BusinessUnit.exists({ _id: refs.buItemId, customerId }), 'Business unit'],
    [refs.department, () => Department.exists({ _id: refs.department, customerId }), 'Department'],
    [refs.location, () => Location.exists({ _id: refs.location, customerId }), 'Location'],
  ];
  for (const [id, exists, what] of checks) {
    if (id && !(await exists())) throw AppError.notFound(what);
  }
}

async function assertEmailFree(email: string, exceptId?: Types.ObjectId) {
  const taken = await User.exists({ email, ...(exceptId ? { _id: { $ne: exceptId } } : {}) }).setOptions({ crossTenant: true });
  if (taken) throw AppError.conflict(UserMessages.emailTaken);
}

function isDuplicateKey(error: unknown) {
  return (error as { code?: number })?.code === 11000;
}

/** POST /api/user/signup: creates the user without a password; the caller sends the invitation. */
export async function addUser({ customerId, input }: { customerId: Types.ObjectId; input: TAdminSignupRequest }) {
  await assertOrgRefs(customerId, input);
  await assertEmailFree(input.email);
  const managers = await assertCompanyManagers(customerId, input.managers ?? []);
  try {
    // The seat is counted in the same transaction as the insert, so two admins adding at once cannot both take the last one.
    const user = await withTransaction(async (session) => {
      await assertSeatsFor(customerId, 1, session);
      const [created] = await User.create(
        [
          {
            customerId,
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            mobile: input.mobile ?? '',
            eCode: input.eCode ?? '',
            role: input.role,
            addlRoles: input.addlRoles ?? [],
            buItemId: input.buItemId ?? null,
            department: input.department ?? null,
            location: input.location ?? null,
            timezone: input.timezone ?? 'UTC',
            managers,
            passwordHash: null,
            emailVerification: { status: false, keyHash: null },
          },
        ],
        { session },
      );
      return created!;
    });
    return user;
  } catch (error) {
    if (isDuplicateKey(error)) throw AppError.conflict(UserMessages.emailTaken);
    throw error;
  }
}

/** Managers must be users of the same company (404 otherwise); duplicates are dropped. */
async function assertCompanyManagers(customerId: Types.ObjectId, ids: string[]) {
  const managers = [...new Set(ids)];
  if (managers.length && (await User.countDocuments({ customerId, _id: { $in: managers } })) !== managers.length) throw AppError.notFound('Manager');
  return managers;
}

/**
 * Nobody changes their own role, additional roles, access rights or special flags, whatever rights
 * they hold (a manageSpecialUsers holder could otherwise make themselves a super user).
 */
export function assertNotSelf(actor: Actor, target: { _id: Types.ObjectId }) {
  if (target._id.equals(actor.userId)) throw AppError.forbidden(UserMessages.selfAccess);
}

const sameSet = (a: readonly string[], b: readonly string[]) => new Set(a).size === new Set(b).size && a.every((x) => b.includes(x));

/** POST /api/user/profile/{id}: changes only the fields given. */
export async function updateUserProfile({ customerId, actor, id, input }: { customerId: Types.ObjectId; actor: ManagingActor; id: string; input: TUserProfileUpdateRequest }) {
  const user = await findCompanyUser(customerId, id);
  assertMayManage(actor, user);
  // Sending one's own unchanged role along with other fields is fine; changing it is not.
  const changesRole = input.role !== undefined && input.role !== user.role;
  const changesAddlRoles = input.addlRoles !== undefined && !sameSet(input.addlRoles, (user.addlRoles ?? []) as string[]);
  if (changesRole || changesAddlRoles) assertNotSelf(actor, user);
  await assertOrgRefs(customerId, input);
  if (input.email && input.email !== user.email) {
    await assertEmailFree(input.email, user._id);
    user.email = input.email;
    // A new address has not been proven to be theirs yet.
    user.emailVerification = { status: false, keyHash: null };
  }
  if (input.managers) {
    if (input.managers.includes(String(user._id))) throw AppError.badRequest('managers: a user cannot be their own manager');
    user.set('managers', await assertCompanyManagers(customerId, input.managers));
  }
  const simple = ['firstName', 'lastName', 'mobile', 'eCode', 'role', 'addlRoles', 'timezone', 'buItemId', 'department', 'location'] as const;
  for (const key of simple) {
    if (input[key] !== undefined) user.set(key, input[key]);
  }
  try {
    await user.save();
  } catch (error) {
    if (isDuplicateKey(error)) throw AppError.conflict(UserMessages.emailTaken);
    throw error;
  }
  return presentOne(customerId, user.toObject() as UserRowSource);
}

async function countOtherActiveAdmins(customerId: Types.ObjectId, exceptId: Types.ObjectId, session?: ClientSession) {
  return User.countDocuments({ customerId, admin: true, status: 'active', _id: { $ne: exceptId } }, { session });
}

/** A company keeps an active admin: refuses (409) taking the last one away, whoever asks (a company admin or the super admin). */
export async function assertKeepsAnAdmin(user: { _id: Types.ObjectId; customerId?: Types.ObjectId | null; admin?: boolean | null }, session?: ClientSession) {
  if (user.customerId && user.admin && (await countOtherActiveAdmins(user.customerId, user._id, session)) === 0) throw AppError.conflict(UserMessages.lastAdmin);
}

/** POST /api/user/change_status: a deactivated user's sessions end at once; the company keeps an active admin. */
export async function changeUserStatus({ customerId, actor, input }: { customerId: Types.ObjectId; actor: ManagingActor; input: TChangeStatusRequest }) {
  const user = await findCompanyUser(customerId, input.id);
  assertMayManage(actor, user);
  if (input.status === 'inactive') {
    if (user._id.equals(actor.userId)) throw AppError.badRequest(UserMessages.selfDeactivate);
    await assertKeepsAnAdmin(user);
  }
  if (user.status !== input.status) {
    // A deactivated user coming back takes a seat again.
    await withTransaction(async (session) => {
      if (user.status === 'inactive') await assertSeatsFor(customerId, 1, session);
      await User.updateOne({ _id: user._id, customerId }, { $set: { status: input.status } }, { session });
    });
    if (input.status === 'inactive') await revokeUserSessions(user._id);
  }
  return presentOne(customerId, { ...(user.toObject() as UserRowSource), status: input.status });
}

/** POST /api/user/swapAdmin: the admin role moves from one user to another in one transaction. */
export async function swapAdmin({ customerId, actor, input }: { customerId: Types.ObjectId; actor: Actor; input: TSwapAdminRequest }) {
  const fromId = input.fromUserId ?? String(actor.userId);
  if (fromId === input.toUserId) throw AppError.badRequest('toUserId: choose a different user to hand the admin role to');
  const [from, to] = await Promise.all([findCompanyUser(customerId, fromId), findCompanyUser(customerId, input.toUserId)]);
  if (!from.admin) throw AppError.conflict(UserMessages.notAdmin);
  if (to.admin) throw AppError.conflict(UserMessages.alreadyAdmin);
  if (to.status !== 'active') throw AppError.conflict(UserMessages.inactiveTarget);
  // Someone else's admin role may only be taken by an admin; canChangeAdmin alone only lets an admin hand over their own.
  if (!from._id.equals(actor.userId) && !(await User.exists({ _id: actor.userId, customerId, admin: true }))) throw AppError.forbidden(UserMessages.swapAdminOnly);
  // A new admin who cannot sign in could leave the company without a working admin.
  if (!to.passwordHash && !to.emailVerification?.status) throw AppError.badRequest(UserMessages.targetNotSignedIn);

  const session = await mongoose.startSession();
  try {
    await session.withTransaction(async () => {
      const granted = await User.updateOne({ _id: to._id, customerId, admin: false, status: 'active' }, { $set: { admin: true } }, { session });
      const removed = await User.updateOne({ _id: from._id, customerId, admin: true }, { $set: { admin: false } }, { session });
      // Someone changed either user in between: give up rather than leave the company with two or zero admins.
      if (granted.modifiedCount !== 1 || removed.modifiedCount !== 1) throw AppError.conflict('The users changed meanwhile. Please reload and try again.');
    });
  } finally {
    await session.endSession();
  }
  const [fromNow, toNow] = await Promise.all([findCompanyUser(customerId, from._id), findCompanyUser(customerId, to._id)]);
  const names = await loadOrgNames(customerId, [fromNow, toNow]);
  return { from: presentUserRow(fromNow.toObject() as UserRowSource, names), to: presentUserRow(toNow.toObject() as UserRowSource, names) };
}
