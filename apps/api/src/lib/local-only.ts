import type { Request, RequestHandler } from 'express';
import { isIP } from 'node:net';
import { AppError } from './app-error';

/** 127.0.0.0/8, ::1 and their IPv4-mapped form (::ffff:127.x.y.z). Anything else, or no address, is not loopback. */
export function isLoopbackAddress(address: string | undefined | null): boolean {
  if (!address) return false;
  const plain = address.trim().toLowerCase().replace(/^::ffff:/, '');
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1' || plain === '0:0:0:0:0:0:0:1';
}

/** Every address a proxy put in front of the socket's own (X-Forwarded-For, Forwarded: for=...). */
function forwardedAddresses(req: Request): string[] {
  const list: string[] = [];
  const xff = req.headers['x-forwarded-for'];
  for (const value of Array.isArray(xff) ? xff : xff ? [xff] : []) list.push(...value.split(',').map((s) => s.trim()).filter(Boolean));
  const forwarded = req.headers.forwarded;
  if (forwarded) {
    for (const match of forwarded.matchAll(/for="?\[?([^\]";,]+)/gi)) list.push(match[1]!);
  }
  return list;
}

/**
 * A request made on this machine: the TCP peer is loopback (never what a header claims), and if a
 * local reverse proxy relayed it, the client it relayed for is loopback too.
 */
export function isLocalRequest(req: Request): boolean {
  return isLoopbackAddress(req.socket.remoteAddress) && forwardedAddresses(req).every(isLoopbackAddress);
}

/**
 * Routes for the developer on their own machine (the dev mailbox): outside production and only from
 * loopback. Everyone else is told the route does not exist.
 */
export const requireLocalDevelopment: RequestHandler = (req, _res, next) => {
  if (req.app.locals.config.isProduction || !isLocalRequest(req)) return next(AppError.notFound('Page'));
  next();
};
