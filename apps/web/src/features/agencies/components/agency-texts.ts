import type { TAgencyStatus } from '@hireflow/contracts/agencies';

/** Outline badge colours that keep 4.5:1 on white. */
export const AgencyStatusColors: Record<TAgencyStatus, string> = { pending: 'indigo.9', active: 'teal.9', paused: 'grape.9', rejected: 'red.9', withdrawn: 'gray.7' };

export const when = (iso: string) => new Date(iso).toLocaleString();
export const day = (iso: string) => new Date(iso).toLocaleDateString();
