import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import type { TRequisitionOptions } from '@hireflow/contracts/jobs';
import type { TUserRef } from '@hireflow/contracts/common';
import type { TStoredUser } from '@hireflow/contracts/users';

/** The form values of a position, shared by the requisition form and the direct "New job" form. */
export type PositionValues = {
  title: string;
  jobCodeId: string | null;
  departmentId: string | null;
  businessUnitId: string | null;
  locationId: string | null;
  headcount: number | string;
  employmentType: string;
  salaryMin: number | string;
  salaryMax: number | string;
  currency: string;
  targetStartDate: string;
  hiringManager: TUserRef[];
  recruiters: TUserRef[];
  interviewers: TUserRef[];
  followers: TUserRef[];
  customFields: Record<string, string | number | boolean | null>;
};

export const emptyPosition: PositionValues = {
  title: '',
  jobCodeId: null,
  departmentId: null,
  businessUnitId: null,
  locationId: null,
  headcount: 1,
  employmentType: 'full_time',
  salaryMin: '',
  salaryMax: '',
  currency: 'USD',
  targetStartDate: '',
  hiringManager: [],
  recruiters: [],
  interviewers: [],
  followers: [],
  customFields: {},
};

/** Fields in the order the forms show them, so focus goes to the first one that failed. */
export const positionFieldOrder = ['title', 'employmentType', 'jobCodeId', 'headcount', 'departmentId', 'businessUnitId', 'locationId', 'salaryMin', 'salaryMax', 'currency', 'targetStartDate'] as const;

export const userRefOf = (user: Pick<TStoredUser, 'id' | 'fullName' | 'email'>): TUserRef => ({ id: user.id, name: user.fullName, email: user.email });

/** The chosen job code and how much of its approved headcount is left; null when none is chosen. */
export function jobCodeLeft(options: TRequisitionOptions, jobCodeId: string | null) {
  const code = options.jobCodes.find((j) => j.id === jobCodeId);
  return code ? { code, left: code.approvedHeadcount - code.usedHeadcount } : null;
}

const num = (v: number | string) => (v === '' ? undefined : Number(v));

/** The position part of a create-requisition or create-job body; the contracts' schema checks it. */
export function toPositionRequest(v: PositionValues) {
  const hasBand = v.salaryMin !== '' || v.salaryMax !== '';
  return {
    title: v.title,
    jobCodeId: v.jobCodeId,
    departmentId: v.departmentId ?? '',
    businessUnitId: v.businessUnitId,
    locationId: v.locationId ?? '',
    headcount: num(v.headcount),
    employmentType: v.employmentType,
    salaryBand: hasBand ? { min: num(v.salaryMin), max: num(v.salaryMax), currency: v.currency } : null,
    targetStartDate: v.targetStartDate || null,
    team: {
      hiringManagerId: v.hiringManager[0]?.id ?? null,
      recruiterIds: v.recruiters.map((u) => u.id),
      interviewerIds: v.interviewers.map((u) => u.id),
      followerIds: v.followers.map((u) => u.id),
    },
    customFields: Object.fromEntries(Object.entries(v.customFields).filter(([, value]) => value !== '' && value !== null)),
  };
}

// Contract paths -> form fields, so each message sits under its input.
const fieldOf: Record<string, string> = {
  'salaryBand.min': 'salaryMin',
  'salaryBand.max': 'salaryMax',
  'salaryBand.currency': 'currency',
  'team.hiringManagerId': 'hiringManager',
  'team.recruiterIds': 'recruiters',
  'team.interviewerIds': 'interviewers',
  'team.followerIds': 'followers',
};
const sentence = (m: string) => m.charAt(0).toUpperCase() + m.slice(1);

/** Checks a request body with a contracts schema (one message per form field) and the company's required custom fields. */
export function positionErrors(schema: z.ZodType, body: unknown, values: PositionValues, options: TRequisitionOptions | undefined): FormErrors {
  const errors: FormErrors = {};
  const result = schema.safeParse(body);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      const mapped = Object.keys(fieldOf).find((key) => path === key || path.startsWith(`${key}.`));
      const field = mapped ? fieldOf[mapped]! : path;
      if (!(field in errors)) errors[field] = sentence(issue.message);
    }
  }
  // An unpicked select asks for a choice rather than repeating the id check's "must be a valid id".
  if (!values.departmentId) errors.departmentId = 'Choose a department';
  if (!values.locationId) errors.locationId = 'Choose a location';
  for (const f of options?.customFields ?? []) {
    const value = values.customFields[f.key];
    if (f.required && (value === undefined || value === null || value === '')) errors[`customFields.${f.key}`] = `${f.label} is required`;
  }
  return errors;
}
