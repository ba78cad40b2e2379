import { Outlet } from 'react-router-dom';
import type { TAccessRight } from '@hireflow/contracts/roles';
import { useAccessMatrix } from '@/features/auth/api/get-access-matrix';
import { LoadingScreen } from '@/app/screens/loading-screen';
import { ErrorScreen } from '@/app/screens/error-screen';
import { NotFoundContent } from '@/app/screens/not-found';
import { hasRight } from './route-rules';

/**
 * The body of RequireRight (guards.tsx), in its own chunk: the access-matrix query (React Query's
 * observer) only matters on signed-in pages, so it stays out of the bundle /login loads.
 */
export default function RequireRightGate({ right }: { right: TAccessRight }) {
  const matrix = useAccessMatrix();
  if (matrix.isPending) return <LoadingScreen />;
  if (matrix.isError) return <ErrorScreen withMain={false} />;
  return hasRight(matrix.data.rights, right) ? <Outlet /> : <NotFoundContent />;
}
