import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { AppError } from './app-error';

type Schemas = { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };

/** Formats the first zod issue as "<field>: <what is wrong>" (or the bare message when it stands alone). */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.join('.');
  // zod's own wording for a missing field ("Invalid input: expected string, received undefined") names no field.
  if (field && issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return `${field}: is required`;
  // Spec messages (login errors) are full sentences and are sent as they are; zod's own wording
  // ("Too small: expected number to be >=1") is not one and gets its field.
  if (!field || (/^[A-Z]/.test(issue.message) && !/^(Too (small|big)|Invalid \w+):/.test(issue.message))) return issue.message;
  return `${field}: ${issue.message}`;
}

/** Parses body, query and params with zod and replaces them with the parsed values; 400 otherwise. */
export function validate(schemas: Schemas): RequestHandler {
  return (req, _res, next) => {
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = schemas[part];
      if (!schema) continue;
      const result = schema.safeParse(req[part] ?? {});
      if (!result.success) {
        next(AppError.badRequest(describeZodError(result.error), result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))));
        return;
      }
      // Express 5 exposes req.query as a getter; redefine it to hold the parsed value.
      Object.defineProperty(req, part, { value: result.data, writable: true, configurable: true, enumerable: true });
    }
    next();
  };
}

/** Refuses MongoDB operators and dotted keys anywhere in client input (no NoSQL injection). */
export function findOperatorKey(value: unknown, depth = 0): string | null {
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.startsWith('$') || key.includes('.')) return key;
    const found = findOperatorKey(inner, depth + 1);
    if (found) return found;
  }
  return null;
}

export const rejectOperatorKeys: RequestHandler = (req, _res, next) => {
  const key = findOperatorKey(req.body) ?? findOperatorKey(req.query) ?? findOperatorKey(req.params);
  if (key) next(AppError.badRequest(`Field names may not start with "$" or contain "." (got "${key}")`));
  else next();
};
