/**
 * The sign-in schemas (and zod), loaded on the first call that needs them: the guards and /login are on
 * the initial load, so they take paths from `@hireflow/contracts/auth-constants` and schemas from here.
 */
export const loadAuthSchemas = () => import('@hireflow/contracts/auth');

/** A response schema of contracts/auth, for apiGet/apiPost's lazily loaded schema argument. */
export function authSchema<K extends keyof Awaited<ReturnType<typeof loadAuthSchemas>>>(name: K) {
  return async () => (await loadAuthSchemas())[name];
}
