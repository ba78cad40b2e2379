// Business constants of SPEC section 9.
export const UserList = {
  pageSize: 50,
  defaultRoleFilter: 'All Users',
  defaultStatusFilter: 'Any Status',
} as const;

export const ProductName = 'Hireflow';

/** Request-size and abuse limits shared by API and SPA. */
export const Limits = {
  jsonBodyBytes: 1024 * 1024,
} as const;
