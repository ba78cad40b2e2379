import axios, { type AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import { ZApiError, ErrorCodes } from '@hireflow/contracts/errors';
import { LoginMessages } from '@hireflow/contracts/messages';
import { clearSession, getToken, saveUrl } from './session';

/** Every failed call rejects with this: an HTTP status (null when no answer came), a stable code and a message a person can read. */
export class ApiError extends Error {
  readonly status: number | null;
  readonly code: string;
  readonly details?: unknown;

  constructor({ status, code, message, details }: { status: number | null; code: string; message: string; details?: unknown }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const TimeoutCode = 'timeout';
export const NetworkCode = 'network_error';

/** The one HTTP client. No time-out by default (SPEC section 9): callers pass `timeout` when they need one. */
export const api = axios.create({ timeout: 0, headers: { Accept: 'application/json' } });

api.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

api.interceptors.response.use(
  (response) => response,
  (error: unknown) => {
    const apiError = toApiError(error);
    const sentToken = axios.isAxiosError(error) && Boolean(error.config?.headers?.Authorization);
    if (apiError.status === 401 && sentToken) onSessionRejected();
    return Promise.reject(apiError);
  },
);

/** A 401 on a signed-in call: the session is gone. Keep where the user was; the route guards send them to /login. */
function onSessionRejected() {
  const { pathname, search, hash } = window.location;
  saveUrl(`${pathname}${search}${hash}`);
  clearSession();
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (!axios.isAxiosError(error)) {
    return new ApiError({ status: null, code: ErrorCodes.internal, message: LoginMessages.somethingWrong });
  }
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
    return new ApiError({ status: null, code: TimeoutCode, message: LoginMessages.timedOut });
  }
  const response = error.response;
  if (!response) return new ApiError({ status: null, code: NetworkCode, message: LoginMessages.somethingWrong });
  if (response.status === 408 || response.status === 504) {
    return new ApiError({ status: response.status, code: TimeoutCode, message: LoginMessages.timedOut });
  }
  const body = ZApiError.safeParse(response.data);
  if (!body.success || response.status >= 500) {
    return new ApiError({ status: response.status, code: body.success ? body.data.code : ErrorCodes.internal, message: LoginMessages.somethingWrong });
  }
  return new ApiError({ status: response.status, ...body.data });
}

/** An answer that does not match its contract is a bug somewhere: the user sees the generic message. */
function parseAnswer<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({ status: null, code: 'bad_response', message: LoginMessages.somethingWrong, details: parsed.error.issues });
  }
  return parsed.data;
}

export async function apiGet<S extends z.ZodType>(url: string, schema: S, config?: AxiosRequestConfig): Promise<z.output<S>> {
  const response = await api.get<unknown>(url, config);
  return parseAnswer(schema, response.data);
}

export async function apiPost<S extends z.ZodType>(url: string, body: unknown, schema: S, config?: AxiosRequestConfig): Promise<z.output<S>> {
  const response = await api.post<unknown>(url, body, config);
  return parseAnswer(schema, response.data);
}

/** The message to show for any error a call or a render may throw. */
export function errorMessage(error: unknown): string {
  return toApiError(error).message;
}
