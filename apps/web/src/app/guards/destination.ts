import type { TStoredUser } from '@hireflow/contracts/users';
import { Paths } from '@hireflow/contracts/routes';
import { isSafeLocalPath } from '@/lib/session';

/**
 * Where an account in an unfinished state must go first (SPEC section 4, steps 2-4), or null.
 * Protected routes redirect by this rule; the sign-in destination adds super admin before and user options after.
 */
export function accountStateRedirect(user: TStoredUser): string | null {
  if (user.superAdmin) return null;
  if (!user.email_verification.status) return Paths.stop;
  if (user.admin && !user.customerState?.slug) return Paths.onboarding;
  if (user.customerState && !user.customerState.isAuthorized) return Paths.pendingVerification;
  return null;
}

/** Pages a signed-in user must not be sent back to as their "saved URL". */
const notADestination = new Set<string>([
  Paths.login, Paths.signup, Paths.employeeSignup, Paths.logout, Paths.forgotPassword, Paths.resetPassword,
  Paths.stop, Paths.pendingVerification, Paths.onboarding, Paths.userOptions, Paths.verify, Paths.verifyDomain,
]);

function usableSavedUrl(url: string | null | undefined): string | null {
  if (!isSafeLocalPath(url)) return null;
  const pathname = url.split(/[?#]/)[0];
  return notADestination.has(pathname) || pathname === Paths.home ? null : url;
}

/** The destination after sign-in, in the order of SPEC section 4. A help-site referrer wins over the saved URL. */
export function destinationAfterLogin({
  user,
  savedUrl,
  helpSiteReferrer,
}: {
  user: TStoredUser;
  savedUrl?: string | null;
  helpSiteReferrer?: string | null;
}): { path: string; external: false } | { path: string; external: true } {
  if (user.superAdmin) return { path: Paths.superadmin, external: false };
  const stateRedirect = accountStateRedirect(user);
  if (stateRedirect) return { path: stateRedirect, external: false };
  if (user.admin && user.customerState && !user.customerState.userOptionsPage) return { path: Paths.userOptions, external: false };
  if (helpSiteReferrer) return { path: helpSiteReferrer, external: true };
  return { path: usableSavedUrl(savedUrl) ?? Paths.dashboard, external: false };
}

/** A referrer counts as the help site when it shares the help site's origin. */
export function helpSiteReferrerOf(referrer: string | null | undefined, helpSiteUrl: string | null | undefined): string | null {
  if (!referrer || !helpSiteUrl) return null;
  try {
    const from = new URL(referrer);
    const help = new URL(helpSiteUrl);
    return from.origin === help.origin ? from.href : null;
  } catch {
    return null;
  }
}
