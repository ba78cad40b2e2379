import { z } from 'zod';

/**
 * Characters a person cannot see but that change what text says or how it is shown: C0/C1 control
 * characters (NUL, ESC, ...), bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069, U+200E/F,
 * U+061C: "gnp.exe" shown for "exe.png") and lone UTF-16 surrogates (not text at all).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const InvisibleControls = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const LoneSurrogates = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The one cleaning every stored text goes through. Single-line text (names, codes, titles) turns tabs and
 * line breaks into a space; multi-line text (descriptions, comments, answers) keeps tabs and newlines
 * (CRLF and CR become LF). Everything invisible is removed.
 */
export function cleanText(value: string, { multiline = false }: { multiline?: boolean } = {}): string {
  const lines = multiline ? value.replace(/\r\n?/g, '\n') : value.replace(/[\t\n\r]+/g, ' ');
  return lines.replace(InvisibleControls, '').replace(LoneSurrogates, '');
}

/** A string schema that cleans single-line text before any other check (chain .trim(), .min(), ...). */
export const zText = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite((v) => cleanText(v));
/** The same for multi-line text: keeps newlines and tabs. */
export const zMultilineText = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite((v) => cleanText(v, { multiline: true }));

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

export const ZName = zText({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(80, { error: 'is too long' });

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

/** A person as lists and details show them. */
export const ZUserRef = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type TUserRef = z.infer<typeof ZUserRef>;
/** Anything with a name (a department, a location, a job). */
export const ZNamedRef = z.object({ id: z.string(), name: z.string() });
export type TNamedRef = z.infer<typeof ZNamedRef>;
