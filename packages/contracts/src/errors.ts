import { z } from 'zod';

/** Every error the API answers has this body. */
export const ZApiError = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export { ErrorCodes } from './error-codes';
