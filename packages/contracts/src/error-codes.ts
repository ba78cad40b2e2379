// Error codes without zod, for code that must not load the schemas (the SPA's HTTP client).
export const ErrorCodes = {
  badRequest: 'bad_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  tooLarge: 'payload_too_large',
  tooManyRequests: 'too_many_requests',
  // Billing: the company's plan lacks a feature (403), or all its seats are taken (409). The SPA offers the Subscription page.
  planRequired: 'plan_required',
  seatsFull: 'seats_full',
  internal: 'internal_error',
  unavailable: 'service_unavailable',
} as const;
