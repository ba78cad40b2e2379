import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Paths } from '@hireflow/contracts/routes';
import { AuthLayout } from '@/components/auth-layout';
import { LoadingScreen } from '@/app/screens/loading-screen';
import { logout } from '@/features/auth/api/logout';
import { clearAllStorage, getToken } from '@/lib/session';

/** /logout: ends the session on the server, forgets everything in the browser, goes to /login. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const ending = getToken() ? logout().catch(() => undefined) : Promise.resolve();
    void ending.then(() => {
      clearAllStorage();
      queryClient.clear();
      navigate(Paths.login, { replace: true });
    });
  }, [navigate, queryClient]);

  return (
    <AuthLayout title="Signing out">
      <LoadingScreen />
    </AuthLayout>
  );
}
