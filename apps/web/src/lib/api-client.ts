import axios, { type AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import type { TApiError } from '@hireflow/contracts/errors';
import { ErrorCodes } from '@hireflow/contracts/error-codes';
import { LoginMessages } from '@hireflow/contracts/messages';
import { clearAgencySession, clearSession, getAgencyLogin, getToken, saveUrl } from './session';

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

/**
 * Sign-in calls give up after this long, so a stalled API ends in the spec's time-out message rather
 * than a spinner that never stops.
 */
export const SignInTimeoutMs = 30_000;

/** The one HTTP client. No time-out by default (SPEC section 9): callers pass `timeout` when they need one. */
export const api = axios.create({ timeout: 0, headers: { Accept: 'application/json' } });

api.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

api.interceptors.response.use(
  (response) => response,
  async (error: unknown) => {
    await readBlobErrorBody(error);
    const apiError = toApiError(error);
    const sentToken = axios.isAxiosError(error) && Boolean(error.config?.headers?.Authorization);
    if (apiError.status === 401 && sentToken) onSessionRejected();
    return Promise.reject(apiError);
  },
);

/** A file download (responseType blob) gets its error answer as a Blob too: read it as the JSON it is. */
async function readBlobErrorBody(error: unknown) {
  const data: unknown = axios.isAxiosError(error) ? error.response?.data : undefined;
  if (typeof Blob === 'undefined' || !(data instanceof Blob)) return;
  try {
    const text = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(data);
    });
    (error as { response: { data: unknown } }).response.data = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: left as it is, and reported as an unexpected answer.
  }
}

/**
 * A 401 on a signed-in call: the session is gone. Keep where the user was; the route guards send them to /login.
 * An agency session ends without a saved URL: the portal sends its user back to the agency's own sign-in link.
 */
function onSessionRejected() {
  if (getAgencyLogin() !== null) {
    clearAgencySession();
    return;
  }
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
  const body: unknown = response.data;
  const valid = isApiErrorBody(body);
  if (!valid || response.status >= 500) {
    return new ApiError({ status: response.status, code: valid ? body.code : ErrorCodes.internal, message: LoginMessages.somethingWrong });
  }
  return new ApiError({ status: response.status, code: body.code, message: body.message, details: body.details });
}

/** The error body every API error answers (contracts' ZApiError), checked without loading zod. */
function isApiErrorBody(value: unknown): value is TApiError {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { code, message } = value as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string';
}

/**
 * A response schema, or a function that loads it: pages on the initial load (/login, the guards) pass
 * `() => import(...)` so zod and the schemas arrive with the first call instead of with the entry bundle.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

async function resolveSchema<S extends z.ZodType>(source: SchemaSource<S>): Promise<S> {
  return typeof source === 'function' ? source() : source;
}

/** An answer that does not match its contract is a bug somewhere: the user sees the generic message. */
function parseAnswer<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({ status: null, code: 'bad_response', message: LoginMessages.somethingWrong, details: parsed.error.issues });
  }
  return parsed.data;
}

export async function apiGet<S extends z.ZodType>(url: string, schema: SchemaSource<S>, config?: AxiosRequestConfig): Promise<z.output<S>> {
  const [response, resolved] = await Promise.all([api.get<unknown>(url, config), resolveSchema(schema)]);
  return parseAnswer(resolved, response.data);
}

export async function apiPost<S extends z.ZodType>(url: string, body: unknown, schema: SchemaSource<S>, config?: AxiosRequestConfig): Promise<z.output<S>> {
  const [response, resolved] = await Promise.all([api.post<unknown>(url, body, config), resolveSchema(schema)]);
  return parseAnswer(resolved, response.data);
}

export async function apiPatch<S extends z.ZodType>(url: string, body: unknown, schema: SchemaSource<S>, config?: AxiosRequestConfig): Promise<z.output<S>> {
  const [response, resolved] = await Promise.all([api.patch<unknown>(url, body, config), resolveSchema(schema)]);
  return parseAnswer(resolved, response.data);
}

export async function apiPut<S extends z.ZodType>(url: string, body: unknown, schema: SchemaSource<S>, config?: AxiosRequestConfig): Promise<z.output<S>> {
  const [response, resolved] = await Promise.all([api.put<unknown>(url, body, config), resolveSchema(schema)]);
  return parseAnswer(resolved, response.data);
}

export async function apiDelete<S extends z.ZodType>(url: string, schema: SchemaSource<S>, config?: AxiosRequestConfig): Promise<z.output<S>> {
  const [response, resolved] = await Promise.all([api.delete<unknown>(url, config), resolveSchema(schema)]);
  return parseAnswer(resolved, response.data);
}

/** The message to show for any error a call or a render may throw. */
export function errorMessage(error: unknown): string {
  return toApiError(error).message;
}

/** Seconds a 429 asks the caller to wait before the next attempt (`details.retryAfter`), or null. */
export function retryAfterOf(error: unknown): number | null {
  const apiError = toApiError(error);
  if (apiError.status !== 429) return null;
  const seconds = (apiError.details as { retryAfter?: unknown } | undefined)?.retryAfter;
  return typeof seconds === 'number' && seconds > 0 ? seconds : null;
}
