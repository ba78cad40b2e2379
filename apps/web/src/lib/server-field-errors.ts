import type { FormErrors } from '@mantine/form';
import { ApiError } from './api-client';

/**
 * A 400 from `validate` lists its issues as details `[{ path, message }]` (and names the first field in its
 * message, "address.country: must be ..."): the messages of fields the form has, keyed by path, or null when
 * none fits (the caller then shows the message above the form).
 */
export function serverFieldErrors(error: unknown, fields: readonly string[]): FormErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const errors: FormErrors = {};
  const details = Array.isArray(error.details) ? (error.details as { path?: unknown; message?: unknown }[]) : [];
  for (const d of details) {
    if (typeof d.path === 'string' && typeof d.message === 'string' && fields.includes(d.path) && !(d.path in errors)) errors[d.path] = sentence(d.message);
  }
  if (!Object.keys(errors).length) {
    const m = /^([\w.]+): (.+)$/s.exec(error.message);
    if (m && fields.includes(m[1]!)) errors[m[1]!] = sentence(m[2]!);
  }
  return Object.keys(errors).length ? errors : null;
}

const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);
