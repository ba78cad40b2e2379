import helmet from 'helmet';

/**
 * HTML pages (the SPA, the career site): helmet's full set; images may come from data: and blob: URLs, and
 * frames from blob: URLs (a PDF the SPA fetched with its token and shows in place, e.g. an offer letter).
 */
export const pageSecurityHeaders = helmet({ contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'frame-src': ["'self'", 'blob:'] } } });

/**
 * JSON and file answers of the API: the headers that matter for a response no browser renders as a page
 * (OWASP REST guidance: nosniff, no framing, nothing loadable, HSTS). The page-only headers (opener and
 * agent-cluster policies, legacy IE and Flash switches) would only add bytes to every answer.
 */
export const apiSecurityHeaders = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});
