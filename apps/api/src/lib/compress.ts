import compression from 'compression';
import type { RequestHandler } from 'express';

const gzip = compression();

/**
 * gzip for clients that accept an encoding (browsers always do). Requests that cannot be compressed
 * (health probes, scripts, server-to-server calls) skip the middleware, which otherwise wraps every
 * response and splits its write in two.
 */
export const compress: RequestHandler = (req, res, next) => {
  if (req.headers['accept-encoding']) return gzip(req, res, next);
  res.setHeader('Vary', 'Accept-Encoding');
  next();
};
