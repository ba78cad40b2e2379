import type { Types } from 'mongoose';
import { AdditionalRoles, type TAccessRight } from '@hireflow/contracts/roles';
import { AdditionalRoleLabels, UserMessages, type TRolesSummaryResponse, type TSpecialUserRequest } from '@hireflow/contracts/users';
import { AppError } from '../../lib/app-error';
import { User } from './user.model';
import { assertMayManage, assertNotSelf, findCompanyUser, presentOne } from './users.service';
import type { UserRowSource } from './user-row.presenter';

type Actor = { userId: Types.ObjectId; rights: ReadonlySet<TAccessRight> };

/**
 * Sets a user's access rights. The caller may only grant or revoke keys they hold themselves, so
 * nobody can hand out more than they have; an admin's rights are implied and cannot be edited.
 */
export async function setUserRights({ customerId, actor, id, rights }: { customerId: Types.ObjectId; actor: Actor; id: string; rights: TAccessRight[] }) {
  const user = await findCompanyUser(customerId, id);
  assertNotSelf(actor, user);
  if (user.admin) throw AppError.conflict(UserMessages.adminRights);
  assertMayManage(actor, user);
  const before = new Set(user.rights as TAccessRight[]);
  const after = new Set(rights);
  const changed = [...new Set([...before, ...after])].filter((key) => before.has(key) !== after.has(key));
  const notHeld = changed.find((key) => !actor.rights.has(key));
  if (notHeld) throw AppError.forbidden(`You cannot grant or revoke "${notHeld}" because you do not hold it`);
  user.set('rights', [...after]);
  await user.save();
  return presentOne(customerId, user.toObject() as UserRowSource);
}

/** Sets which company-wide additional roles (HM, OPS, OPSE, AR) a user holds. */
export async function setUserRoles({ customerId, actor, id, addlRoles }: { customerId: Types.ObjectId; actor: Actor; id: string; addlRoles: string[] }) {
  const user = await findCompanyUser(customerId, id);
  assertNotSelf(actor, user);
  assertMayManage(actor, user);
  user.set('addlRoles', [...new Set(addlRoles)]);
  await user.save();
  return presentOne(customerId, user.toObject() as UserRowSource);
}

/** Special users: site admins and super users. */
export async function setSpecialUser({ customerId, actor, id, input }: { customerId: Types.ObjectId; actor: Actor; id: string; input: TSpecialUserRequest }) {
  const user = await findCompanyUser(customerId, id);
  assertNotSelf(actor, user);
  assertMayManage(actor, user);
  if (user.status !== 'active' && (input.siteAdmin || input.superUser)) throw AppError.conflict('Only an active user can become a special user');
  if (input.siteAdmin !== undefined) user.siteAdmin = input.siteAdmin;
  if (input.superUser !== undefined) user.superUser = input.superUser;
  await user.save();
  return presentOne(customerId, user.toObject() as UserRowSource);
}

/** How many users hold each additional role and special flag (each count served by an index). */
export async function summariseRoles({ customerId }: { customerId: Types.ObjectId }): Promise<TRolesSummaryResponse> {
  const [roleCounts, siteAdmins, superUsers, admins] = await Promise.all([
    Promise.all(AdditionalRoles.map((role) => User.countDocuments({ customerId, addlRoles: role }))),
    User.countDocuments({ customerId, siteAdmin: true }),
    User.countDocuments({ customerId, superUser: true }),
    User.countDocuments({ customerId, admin: true }),
  ]);
  return {
    roles: AdditionalRoles.map((role, i) => ({ role, label: AdditionalRoleLabels[role], holders: roleCounts[i]! })),
    special: { siteAdmins, superUsers, admins },
  };
}
