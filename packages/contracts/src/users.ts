import { z } from 'zod';
import { AdditionalRoles, BasicRoles } from './roles';

/** The stored user of SPEC section 3, as the API returns it and the SPA keeps it. */
export const ZStoredUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  mobile: z.string().optional().default(''),
  role: z.enum(BasicRoles),
  email: z.string(),
  eCode: z.string().optional().default(''),
  admin: z.boolean(),
  status: z.enum(['active', 'inactive']),
  email_verification: z.object({ key: z.string().optional(), status: z.boolean() }),
  createdAt: z.string(),
  location: z.object({ searchText: z.string(), id: z.string() }).nullable().optional(),
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  department: z.object({ id: z.string(), deptDisplayValue: z.string(), status: z.string() }).nullable().optional(),
  buItemId: z.object({ displayName: z.string(), id: z.string() }).nullable().optional(),
  timezone: z.string().optional().default('UTC'),
  bufollow: z.array(z.string()).default([]),
  managers: z.array(z.string()).default([]),
  addlRoles: z.array(z.enum(AdditionalRoles)).default([]),
  siteAdmin: z.boolean(),
  superUser: z.boolean(),
  superAdmin: z.boolean(),
  customerState: z
    .object({ slug: z.string().nullable(), isAuthorized: z.boolean(), userOptionsPage: z.boolean() })
    .nullable(),
});
export type TStoredUser = z.infer<typeof ZStoredUser>;

export const UserStatuses = ['active', 'inactive'] as const;
