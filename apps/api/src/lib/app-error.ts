import { ErrorCodes } from '@hireflow/contracts/errors';

type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes] | (string & {});

/** The one error type services throw; the error middleware turns it into `{ code, message, details? }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;

  constructor(code: ErrorCode, { message, status, details }: { message: string; status: number; details?: unknown }) {
    super(message);
    this.code = code;
    this.status = status;
    this.details = details;
  }

  static badRequest(message: string, details?: unknown) {
    return new AppError(ErrorCodes.badRequest, { message, status: 400, details });
  }
  static unauthorized(message = 'Please sign in to continue') {
    return new AppError(ErrorCodes.unauthorized, { message, status: 401 });
  }
  static forbidden(message = 'You do not have permission to do that') {
    return new AppError(ErrorCodes.forbidden, { message, status: 403 });
  }
  static notFound(what = 'Resource') {
    return new AppError(ErrorCodes.notFound, { message: `${what} not found`, status: 404 });
  }
  static conflict(message: string, details?: unknown) {
    return new AppError(ErrorCodes.conflict, { message, status: 409, details });
  }
  static planRequired(message: string) {
    return new AppError(ErrorCodes.planRequired, { message, status: 403 });
  }
  static seatsFull(message: string) {
    return new AppError(ErrorCodes.seatsFull, { message, status: 409 });
  }
  static tooManyRequests(message = 'Too many attempts. Please wait a few minutes and try again.') {
    return new AppError(ErrorCodes.tooManyRequests, { message, status: 429 });
  }
}
