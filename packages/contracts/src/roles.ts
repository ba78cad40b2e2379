// Role codes and access-right keys of SPEC section 6.
export const RoleCodes = {
  SADM: 'SADM', // super admin
  AD: 'AD', // admin
  SA: 'SA', // site admin
  R: 'R', // recruiter
  E: 'E', // employee
  HM: 'HM', // hiring manager
  SU: 'SU', // super user
  JF: 'JF', // job follower
  JFR: 'JFR', // job follower recruiter
  JO: 'JO', // job owner
  JNO: 'JNO', // job non-owner
  AO: 'AO', // application owner
  OPS: 'OPS',
  OPSE: 'OPSE',
  AR: 'AR', // additional recruiter
} as const;
export type TRoleCode = keyof typeof RoleCodes;

/** The basic role every user has. */
export const BasicRoles = ['recruiter', 'employee'] as const;
export type TBasicRole = (typeof BasicRoles)[number];

/** Company-wide extra roles a user may hold (job-level roles are relations, not flags). */
export const AdditionalRoles = ['HM', 'OPS', 'OPSE', 'AR'] as const;
export type TAdditionalRole = (typeof AdditionalRoles)[number];

export const AccessRightKeys = [
  'companySettings',
  'careerSiteSettings',
  'manageSpecialUsers',
  'advanceSettings',
  'manageUsers',
  'manageAgencies',
  'manageApiKeys',
  'applyPageCustomization',
  'copyToAts',
  'standardSettings',
  'manageJobCodes',
  'canChangeAdmin',
  'viewReports',
] as const;
export type TAccessRight = (typeof AccessRightKeys)[number];
