import type { Budget } from './lib/bundle-weight.mjs';
export const RouteBudgets: Record<string, Budget>;
