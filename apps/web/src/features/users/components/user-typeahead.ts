import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchUsers } from '../api/search-users';

// Its own module, apart from the pickers: a page with one single-user Select does not load the multi-pickers.
/** The typeahead every user picker shares: what is typed, the users found for it (debounced), and what to say when none are. */
export function useUserTypeahead() {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 250);
  const search = useSearchUsers(debounced);
  const nothingFound = debounced.trim() ? (search.isFetching ? 'Searching…' : search.isError ? 'Search failed' : 'No active user found') : 'Start typing';
  return { text, setText, users: search.data?.users ?? [], nothingFound };
}
