import type { QueryClient } from '@tanstack/react-query';

/** Every offer change can touch the application's offers, the form's options (an open offer blocks another) and the dashboard. */
export function invalidateOffers(client: QueryClient) {
  return client.invalidateQueries({ queryKey: ['offers'] });
}
