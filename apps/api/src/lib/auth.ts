import type { Request, RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { createSecretKey, type KeyObject } from 'node:crypto';
import type { Types } from 'mongoose';
import { AccessRightKeys, type TAccessRight, type TAdditionalRole } from '@hireflow/contracts/roles';
import type { Config } from '../config';
import { AppError } from './app-error';
import { Session } from '../modules/auth/session.model';
import { User, type UserDoc } from '../modules/users/user.model';
import { Customer } from '../modules/org/customer.model';
import { stillWanted } from './client-gone';
import { AgencyPortalMessages } from '@hireflow/contracts/agency-portal';
import { AgencyUser, type AgencyUserDoc } from '../modules/agencies/agency-user.model';
import { Agency, type AgencyDoc } from '../modules/agencies/agency.model';
import { ApiKeyFormat, type TApiScope } from '@hireflow/contracts/api-access';
import { ApiKey, type ApiKeyDoc } from '../modules/api-access/api-key.model';
import { hashKey } from '../modules/auth/auth.crypto';

export type AuthContext = {
  user: UserDoc;
  userId: Types.ObjectId;
  /** null only for the platform super admin, who belongs to no company. */
  customerId: Types.ObjectId | null;
  sessionId: Types.ObjectId;
  rights: ReadonlySet<TAccessRight>;
};

/** A call of the public API (/api/v1) with a company's API key (requireApiKey). */
export type ApiKeyAuthContext = {
  key: ApiKeyDoc;
  customerId: Types.ObjectId;
  scopes: ReadonlySet<TApiScope>;
};

/** An agency user's sign-in: reaches only the agency portal's calls (requireAgencyAuth). */
export type AgencyAuthContext = {
  agencyUser: AgencyUserDoc;
  agency: AgencyDoc;
  customerId: Types.ObjectId;
  sessionId: Types.ObjectId;
};

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      auth?: AuthContext;
      agencyAuth?: AgencyAuthContext;
      apiKeyAuth?: ApiKeyAuthContext;
    }
    interface Locals {
      config: Config;
    }
  }
}

type TokenClaims = { sid: string; sub: string };

// A KeyObject spares jsonwebtoken from trying the secret as a public key on every verify.
const signingKeys = new Map<string, KeyObject>();
function signingKey(secret: string): KeyObject {
  let key = signingKeys.get(secret);
  if (!key) signingKeys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  return key;
}

export function signSessionToken(config: Config, claims: TokenClaims): string {
  return jwt.sign(claims, signingKey(config.jwtSecret), { algorithm: 'HS256', expiresIn: `${config.jwtTtlHours}h` });
}

/** Admins hold every right; others hold what was granted to them. */
export function effectiveRights(user: Pick<UserDoc, 'admin' | 'superAdmin' | 'rights'>): TAccessRight[] {
  if (user.admin || user.superAdmin) return [...AccessRightKeys];
  return AccessRightKeys.filter((key) => (user.rights as string[]).includes(key));
}

function bearerToken(req: Request): string | null {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

/** Resolves the bearer token to a live session, user and company; every refusal is a plain 401. */
async function resolveAuth(req: Request): Promise<AuthContext> {
  const token = bearerToken(req);
  if (!token) throw AppError.unauthorized();
  return resolveToken(req, token, signingKey(req.app.locals.config.jwtSecret));
}

/** The live session a token names (signed out, expired or forged: 401). */
async function liveSession(token: string, key: KeyObject) {
  let claims: TokenClaims;
  try {
    claims = jwt.verify(token, key, { algorithms: ['HS256'] }) as TokenClaims;
  } catch {
    throw AppError.unauthorized('Your session has expired. Please sign in again.');
  }
  const session = await Session.findById(claims.sid).lean();
  if (!session || session.revokedAt || session.expiresAt < new Date() || String(session.userId) !== claims.sub) {
    throw AppError.unauthorized('Your session has ended. Please sign in again.');
  }
  return session;
}

async function resolveToken(req: Request, token: string, key: KeyObject): Promise<AuthContext> {
  const session = await liveSession(token, key);
  // Agency accounts are not company users: every internal call refuses them, whatever it is.
  if (session.accountKind === 'agency') throw AppError.forbidden(AgencyPortalMessages.agencyTokenRefused);
  const user = (await User.findById(session.userId).setOptions({ crossTenant: true }).lean()) as UserDoc | null;
  if (!user || user.status !== 'active') throw AppError.unauthorized('Your account is not active.');
  if (user.customerId) {
    const customer = await Customer.findById(user.customerId, { status: 1 }).lean();
    if (!customer || customer.status === 'suspended') throw AppError.unauthorized('Your company account is suspended.');
  }
  return {
    user,
    userId: user._id,
    customerId: user.customerId ?? null,
    sessionId: session._id,
    rights: new Set(effectiveRights(user)),
  };
}

/**
 * Stream tokens: a browser's EventSource cannot send an Authorization header, so the SPA asks for a
 * short-lived token (with its bearer token) and puts it in the stream's URL (`?token=`, masked in logs).
 * They are signed with a key derived from the JWT secret, so a stream token is never accepted as a
 * bearer token and a bearer token never in a URL; they only open a stream, within a minute.
 */
export const StreamTokenTtlSeconds = 60;

const streamKey = (secret: string) => signingKey(`${secret}\u0000event-stream`);

export function signStreamToken(config: Config, auth: Pick<AuthContext, 'sessionId' | 'userId'>): string {
  return jwt.sign({ sid: String(auth.sessionId), sub: String(auth.userId) }, streamKey(config.jwtSecret), { algorithm: 'HS256', expiresIn: StreamTokenTtlSeconds });
}

/** requireAuth for streams: a bearer header (scripts, tests) or a stream token in `?token=` (EventSource). */
export const requireStreamAuth: RequestHandler = async (req, _res, next) => {
  try {
    const token = typeof req.query.token === 'string' ? req.query.token : null;
    req.auth = token && !req.headers.authorization ? await resolveToken(req, token, streamKey(req.app.locals.config.jwtSecret)) : await resolveAuth(req);
    if (stillWanted(req)) next();
  } catch (error) {
    next(error);
  }
};

/** Whether a long-lived connection's session still holds (not signed out, not expired, account active). */
export async function stillSignedIn(auth: Pick<AuthContext, 'sessionId' | 'userId'>): Promise<boolean> {
  const session = await Session.findById(auth.sessionId, { revokedAt: 1, expiresAt: 1 }).lean();
  if (!session || session.revokedAt || session.expiresAt < new Date()) return false;
  const user = await User.findById(auth.userId, { status: 1 }).setOptions({ crossTenant: true }).lean();
  return user?.status === 'active';
}

export const requireAuth: RequestHandler = async (req, _res, next) => {
  try {
    req.auth = await resolveAuth(req);
    // The lookups above may have waited long under load: a request whose client left meanwhile stops here.
    if (stillWanted(req)) next();
  } catch (error) {
    next(error);
  }
};

/**
 * The agency portal's calls: an agency user's live session, the user active, the agency active or paused,
 * its company not suspended. A company user's token is refused here (403), as an agency's is everywhere else.
 */
export const requireAgencyAuth: RequestHandler = async (req, _res, next) => {
  try {
    const token = bearerToken(req);
    if (!token) throw AppError.unauthorized(AgencyPortalMessages.notAnAgencySession);
    const session = await liveSession(token, signingKey(req.app.locals.config.jwtSecret));
    if (session.accountKind !== 'agency' || !session.customerId) throw AppError.forbidden(AgencyPortalMessages.notAnAgencySession);
    const customerId = session.customerId;
    const agencyUser = await AgencyUser.findOne({ customerId, _id: session.userId }).lean<AgencyUserDoc>();
    if (!agencyUser || agencyUser.status !== 'active') throw AppError.unauthorized('Your account is not active.');
    const agency = await Agency.findOne({ customerId, _id: agencyUser.agencyId }).lean<AgencyDoc>();
    if (!agency || (agency.status !== 'active' && agency.status !== 'paused')) throw AppError.unauthorized(AgencyPortalMessages.cannotSignIn);
    const customer = await Customer.findById(customerId, { status: 1 }).lean();
    if (!customer || customer.status === 'suspended') throw AppError.unauthorized('Your company account is suspended.');
    req.agencyAuth = { agencyUser, agency, customerId, sessionId: session._id };
    if (stillWanted(req)) next();
  } catch (error) {
    next(error);
  }
};

/**
 * The public API's calls: `Authorization: Bearer <API key>`, the key not revoked, its company active, and the
 * scope this call needs among the key's scopes. Session tokens are refused here, as API keys are everywhere else.
 * Marks the key used (at most once a minute, so busy keys do not write on every call).
 */
export function requireApiKey(scope: TApiScope): RequestHandler {
  return async (req, _res, next) => {
    try {
      const auth = req.apiKeyAuth ?? (req.apiKeyAuth = await resolveApiKey(req));
      if (!auth.scopes.has(scope)) throw AppError.forbidden(`This API key lacks the "${scope}" scope`);
      if (stillWanted(req)) next();
    } catch (error) {
      next(error);
    }
  };
}

async function resolveApiKey(req: Request): Promise<ApiKeyAuthContext> {
  const token = bearerToken(req);
  const match = token ? ApiKeyFormat.exec(token) : null;
  if (!match) throw AppError.unauthorized('Send an API key as "Authorization: Bearer hf_live_..."');
  const key = await ApiKey.findOne({ prefix: match[1] }).setOptions({ crossTenant: true }).lean<ApiKeyDoc>();
  if (!key || key.keyHash !== hashKey(token!)) throw AppError.unauthorized('This API key is not valid');
  if (key.revokedAt) throw AppError.unauthorized('This API key was revoked');
  const customer = await Customer.findById(key.customerId, { status: 1, isAuthorized: 1 }).lean();
  if (!customer || customer.status === 'suspended' || !customer.isAuthorized) throw AppError.unauthorized('This company account is not active');
  const now = new Date();
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > 60_000) {
    await ApiKey.updateOne({ customerId: key.customerId, _id: key._id }, { $set: { lastUsedAt: now } });
  }
  return { key, customerId: key.customerId, scopes: new Set(key.scopes as TApiScope[]) };
}

/** The API key of a public API call; only valid behind requireApiKey. */
export function apiKeyAuthOf(req: Request): ApiKeyAuthContext {
  if (!req.apiKeyAuth) throw AppError.unauthorized('Send an API key as "Authorization: Bearer hf_live_..."');
  return req.apiKeyAuth;
}

/** The signed-in agency user; only valid behind requireAgencyAuth. */
export function agencyAuthOf(req: Request): AgencyAuthContext {
  if (!req.agencyAuth) throw AppError.unauthorized(AgencyPortalMessages.notAnAgencySession);
  return req.agencyAuth;
}

/** The signed-in caller; only valid behind requireAuth. */
export function authOf(req: Request): AuthContext {
  if (!req.auth) throw AppError.unauthorized();
  return req.auth;
}

/** The caller's company; refuses the platform super admin, who has none. */
export function tenantOf(req: Request): Types.ObjectId {
  const { customerId } = authOf(req);
  if (!customerId) throw AppError.forbidden('This action belongs to a company account');
  return customerId;
}

/**
 * Whose account a caller's own things (their exports) are kept under: their company, or null for the
 * platform super admin, who has none. Anyone else without a company is refused like tenantOf.
 */
export function accountOf(req: Request): Types.ObjectId | null {
  const { customerId, user } = authOf(req);
  if (customerId) return customerId;
  if (user.superAdmin) return null;
  throw AppError.forbidden('This action belongs to a company account');
}

export function requireRight(right: TAccessRight): RequestHandler {
  return (req, _res, next) => {
    next(authOf(req).rights.has(right) ? undefined : AppError.forbidden(`You need the "${right}" access right`));
  };
}

/** Either of several rights will do (a setting shown on two settings pages, each behind its own right). */
export function requireAnyRight(...rights: TAccessRight[]): RequestHandler {
  return (req, _res, next) => {
    const held = authOf(req).rights;
    next(rights.some((right) => held.has(right)) ? undefined : AppError.forbidden(`You need one of the access rights ${rights.map((r) => `"${r}"`).join(' or ')}`));
  };
}

export function requireAdditionalRole(role: TAdditionalRole): RequestHandler {
  return (req, _res, next) => {
    const { user } = authOf(req);
    next((user.addlRoles as string[]).includes(role) ? undefined : AppError.forbidden(`You need the ${role} role`));
  };
}

export const requireAdmin: RequestHandler = (req, _res, next) => {
  next(authOf(req).user.admin ? undefined : AppError.forbidden('Only a company admin can do that'));
};

export const requireSuperAdmin: RequestHandler = (req, _res, next) => {
  next(authOf(req).user.superAdmin ? undefined : AppError.forbidden('Only the platform super admin can do that'));
};
