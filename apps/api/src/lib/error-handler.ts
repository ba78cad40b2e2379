import type { ErrorRequestHandler, RequestHandler } from 'express';
import mongoose from 'mongoose';
import { ErrorCodes } from '@hireflow/contracts/errors';
import { LoginMessages } from '@hireflow/contracts/messages';
import { Limits } from '@hireflow/contracts/constants';
import { AppError } from './app-error';
import { isClientGone } from './client-gone';

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new AppError(ErrorCodes.notFound, { message: `No API route for ${req.method} ${req.baseUrl}${req.path}`, status: 404 }));
};

/** Turns every error into `{ code, message, details? }`; unknown errors become a 500 whose detail stays in the log. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  // A read cut off because the client left: there is nobody to answer, and nothing went wrong.
  if (isClientGone(error)) return;
  const known = toAppError(error);
  if (!known) {
    req.log?.error({ err: error }, 'unhandled error');
    res.status(500).json({ code: ErrorCodes.internal, message: LoginMessages.somethingWrong });
    return;
  }
  if (known.status >= 500) req.log?.error({ err: error }, known.message);
  const retryAfter = (known.details as { retryAfter?: unknown } | undefined)?.retryAfter;
  if (known.status === 429 && typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
  res.status(known.status).json({ code: known.code, message: known.message, ...(known.details ? { details: known.details } : {}) });
};

function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const e = error as { type?: string; status?: number; code?: number; keyValue?: Record<string, unknown> };
  if (e?.type === 'entity.too.large') {
    return new AppError(ErrorCodes.tooLarge, { message: `Request body is larger than ${Limits.jsonBodyBytes / 1024 / 1024} MB`, status: 413 });
  }
  if (e?.type === 'entity.parse.failed') return AppError.badRequest('Request body is not valid JSON');
  if (e?.code === 11000) {
    const field = Object.keys(e.keyValue ?? {}).filter((k) => k !== 'customerId')[0] ?? 'value';
    return AppError.conflict(`That ${field} is already in use`);
  }
  if (error instanceof mongoose.Error.CastError) return AppError.badRequest(`${error.path}: is not valid`);
  if (error instanceof mongoose.Error.ValidationError) {
    const first = Object.values(error.errors)[0];
    return AppError.badRequest(first ? `${first.path}: ${first.message}` : 'Invalid input');
  }
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    return new AppError(ErrorCodes.badRequest, { message: 'Bad request', status: e.status });
  }
  return null;
}
