import { Navigate } from 'react-router-dom';
import type { TStoredUser } from '@hireflow/contracts/users';
import { forgetSavedUrl, peekSavedUrl } from '@/lib/session';
import { destinationAfterLogin } from './destination';

/** Sends a signed-in user where the sign-in rules say, spending the saved URL if it is used. */
export function GoOnward({ user }: { user: TStoredUser }) {
  const savedUrl = peekSavedUrl();
  const { path } = destinationAfterLogin({ user, savedUrl });
  if (path === savedUrl) forgetSavedUrl();
  return <Navigate to={path} replace />;
}
