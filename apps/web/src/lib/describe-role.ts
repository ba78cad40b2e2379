import type { TStoredUser } from '@hireflow/contracts/users';

const additionalRoleNames: Record<string, string> = { HM: 'Hiring manager', OPS: 'Operations', OPSE: 'Operations executive', AR: 'Additional recruiter' };

/** "Admin · Recruiter", "Employee · Hiring manager", "Platform super admin". */
export function describeRole(user: TStoredUser): string {
  if (user.superAdmin) return 'Platform super admin';
  const parts: string[] = [];
  if (user.admin) parts.push('Admin');
  if (user.siteAdmin) parts.push('Site admin');
  if (user.superUser) parts.push('Super user');
  parts.push(user.role === 'recruiter' ? 'Recruiter' : 'Employee');
  for (const role of user.addlRoles) parts.push(additionalRoleNames[role] ?? role);
  return parts.join(' · ');
}
