import { useSyncExternalStore } from 'react';
import type { TStoredUser } from '@hireflow/contracts/users';
import { AdditionalRoles, BasicRoles } from '@hireflow/contracts/roles';

// The signed-in session lives in localStorage (the spec's "bearer token from local storage"), so a
// reload or a second tab keeps it. Saved URLs survive the trip through /login the same way.
const Keys = { token: 'token', user: 'user', savedUrl: 'savedUrl', agencyLogin: 'agencyLogin' } as const;

export type Session = { token: string | null; user: TStoredUser | null };

const listeners = new Set<() => void>();
let snapshot: Session | null = null;

function readUser(): TStoredUser | null {
  const raw = localStorage.getItem(Keys.user);
  if (!raw) return null;
  try {
    return storedUserOf(JSON.parse(raw));
  } catch {
    return null;
  }
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

/**
 * The stored user when it still has the shape of contracts' ZStoredUser (it was parsed with that schema
 * before setSession wrote it). Checked by hand so the entry bundle does not load zod; defaults as the schema's.
 */
function storedUserOf(value: unknown): TStoredUser | null {
  if (!isObject(value)) return null;
  const u = value;
  const strings = [u.id, u.firstName, u.lastName, u.fullName, u.email, u.createdAt].every(isString);
  const flags = [u.admin, u.siteAdmin, u.superUser, u.superAdmin].every((flag) => typeof flag === 'boolean');
  const role = (BasicRoles as readonly unknown[]).includes(u.role);
  const status = u.status === 'active' || u.status === 'inactive';
  const verification = isObject(u.email_verification) && typeof u.email_verification.status === 'boolean';
  const customer = u.customer === null || (isObject(u.customer) && isString(u.customer.id) && isString(u.customer.name));
  const customerState = u.customerState === null || (isObject(u.customerState) && typeof u.customerState.isAuthorized === 'boolean');
  const addlRoles = u.addlRoles ?? [];
  const roles = Array.isArray(addlRoles) && addlRoles.every((r) => (AdditionalRoles as readonly unknown[]).includes(r));
  const lists = [u.bufollow ?? [], u.managers ?? []].every(isStringArray);
  const optionalStrings = [u.mobile, u.eCode, u.timezone].every((v) => v === undefined || isString(v));
  if (!(strings && flags && role && status && verification && customer && customerState && roles && lists && optionalStrings)) return null;
  return {
    ...(u as TStoredUser),
    mobile: (u.mobile as string | undefined) ?? '',
    eCode: (u.eCode as string | undefined) ?? '',
    timezone: (u.timezone as string | undefined) ?? 'UTC',
    bufollow: (u.bufollow as string[] | undefined) ?? [],
    managers: (u.managers as string[] | undefined) ?? [],
    addlRoles: addlRoles as TStoredUser['addlRoles'],
  };
}

function emit() {
  snapshot = null;
  for (const listener of listeners) listener();
}

export function getSession(): Session {
  snapshot ??= { token: localStorage.getItem(Keys.token), user: readUser() };
  return snapshot;
}

export function getToken(): string | null {
  return getSession().token;
}

export function setSession({ token, user }: { token: string; user: TStoredUser }) {
  localStorage.setItem(Keys.token, token);
  localStorage.setItem(Keys.user, JSON.stringify(user));
  emit();
}

/** Replaces the stored user (after the API answered a fresher copy) without touching the token. */
export function updateStoredUser(user: TStoredUser) {
  localStorage.setItem(Keys.user, JSON.stringify(user));
  emit();
}

export function clearSession() {
  localStorage.removeItem(Keys.token);
  localStorage.removeItem(Keys.user);
  emit();
}

/** Logout: nothing of this user stays in the browser. */
export function clearAllStorage() {
  localStorage.clear();
  sessionStorage.clear();
  emit();
}

/** Only same-site paths are kept, so a crafted link cannot send a signed-in user elsewhere. */
export function isSafeLocalPath(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

export function saveUrl(url: string) {
  if (isSafeLocalPath(url)) localStorage.setItem(Keys.savedUrl, url);
}

export function peekSavedUrl(): string | null {
  const url = localStorage.getItem(Keys.savedUrl);
  return isSafeLocalPath(url) ? url : null;
}

export function forgetSavedUrl() {
  localStorage.removeItem(Keys.savedUrl);
}

/** Agency sign-in data, written by the agency sign-in flow (/agencies-login/...). */
export function getAgencyLogin(): unknown {
  const raw = localStorage.getItem(Keys.agencyLogin);
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/**
 * An agency user's session (contracts' ZAgencyLogin, parsed by the caller): the token goes to `token` as a
 * staff token does (so the API client sends it), the agency data to `agencyLogin`, and no `user` is kept.
 */
export function setAgencySession({ token, agencyLogin }: { token: string; agencyLogin: AgencyLoginData }) {
  localStorage.setItem(Keys.token, token);
  localStorage.removeItem(Keys.user);
  localStorage.setItem(Keys.agencyLogin, JSON.stringify(agencyLogin));
  emit();
}

/** Ends an agency session in the browser (token and agency data); the saved URL of a staff sign-in is not touched. */
export function clearAgencySession() {
  localStorage.removeItem(Keys.token);
  localStorage.removeItem(Keys.agencyLogin);
  emit();
}

/** The fields of contracts' ZAgencyLogin, named here so the entry bundle does not load zod. */
export type AgencyLoginData = { agencyId: string; customerSlug: string; agencyName: string; companyName: string; userName: string };

/** The stored agency sign-in data when it has ZAgencyLogin's shape (checked by hand, as the stored user), else null. */
export function getAgencyLoginData(): AgencyLoginData | null {
  const value = getAgencyLogin();
  if (!isObject(value)) return null;
  const { agencyId, customerSlug, agencyName, companyName, userName } = value;
  if (![agencyId, customerSlug, agencyName, companyName, userName].every(isString)) return null;
  return { agencyId, customerSlug, agencyName, companyName, userName } as AgencyLoginData;
}

/** The agency's own sign-in link (contracts' agencySignInPath, kept here without loading zod). */
export function agencySignInPathOf(login: Pick<AgencyLoginData, 'customerSlug' | 'agencyId'>): string {
  return `/agencies-login/${encodeURIComponent(login.customerSlug)}/${encodeURIComponent(login.agencyId)}`;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === Keys.token || event.key === Keys.user || event.key === Keys.agencyLogin) emit();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
