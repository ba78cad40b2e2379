import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router-dom';
import { accountStateRedirect } from '@/app/guards/destination';
import { LoadingScreen } from '@/app/screens/loading-screen';
import { loadAppShell } from '@/app/shell/load-app-shell';
import { getAgencyLogin, useSession } from '@/lib/session';

const AppLayout = lazy(() => loadAppShell());

/**
 * /404 and /notFound: inside the app shell (navigation, user menu) for someone who may use it, so a
 * mistyped URL is one click from where they were; a bare page with a way to the start for everyone else.
 */
export function NotFoundFrame() {
  const { token, user } = useSession();
  const inShell = Boolean(token && user && !getAgencyLogin() && accountStateRedirect(user) === null);
  if (!inShell) {
    return (
      <main>
        <Outlet />
      </main>
    );
  }
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AppLayout />
    </Suspense>
  );
}
