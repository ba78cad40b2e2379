import { QueryClient } from '@tanstack/react-query';

/** SPEC section 9: queries do not retry and do not refetch on window focus. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
