import { z } from 'zod';

/** Every error the API answers has this body. */
export const ZApiError = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export const ErrorCodes = {
  badRequest: 'bad_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  tooLarge: 'payload_too_large',
  tooManyRequests: 'too_many_requests',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
} as const;
