import { z } from 'zod';

export const ZObjectId = z.string().regex(/^[a-f0-9]{24}$/i, { error: 'must be a valid id' });

/** Stored files (résumés, documents, exports) are named by 128 random bits in base64url: never sequential, never guessed. */
export const FileIdPattern = /^[A-Za-z0-9_-]{22}$/;
export const ZFileId = z.string().regex(FileIdPattern, { error: 'must be a valid file id' });

export const ZEmail = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'is too long' })
  .pipe(z.email({ error: 'must be a valid email address' }));

export const PasswordPolicy = { minLength: 8, maxLength: 72 } as const;

/** What a password still lacks, or null when it meets the policy. One rule for API and SPA. */
export function describePasswordWeakness(password: string): string | null {
  const missing: string[] = [];
  if (password.length < PasswordPolicy.minLength) missing.push(`at least ${PasswordPolicy.minLength} characters`);
  if (!/[A-Za-z]/.test(password)) missing.push('a letter');
  if (!/\d/.test(password)) missing.push('a digit');
  if (missing.length === 0) return null;
  return `Password needs ${missing.join(', ')}`;
}

export const ZNewPassword = z
  .string({ error: 'is required' })
  .max(PasswordPolicy.maxLength, { error: `must be at most ${PasswordPolicy.maxLength} characters` })
  .superRefine((value, ctx) => {
    const weakness = describePasswordWeakness(value);
    if (weakness) ctx.addIssue({ code: 'custom', message: weakness });
  });

export const ZMobile = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{6,19}$/, { error: 'must be a phone number such as +1 555 010 0100' });

export const ZName = z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(80, { error: 'is too long' });

export const ZSlug = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, {
    error: 'may use lowercase letters, digits and dashes (2-40 characters)',
  });

/** A time zone the browser and Node both know (IANA names), or UTC: the user form and the profile share it. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const ZTimeZone = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(64)
  .refine(isKnownTimeZone, { error: 'is not a known time zone' });
