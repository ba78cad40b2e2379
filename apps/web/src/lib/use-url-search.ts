import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list page's search, filters and page kept in the URL (so a filtered list can be shared by link): `q` is
 * what the search box shows, written to the URL once typing pauses (back to page 1); `update` sets or
 * clears other parameters; `page` is the URL's page, at least 1.
 */
export function useUrlSearch({ debounceMs = 300 }: { debounceMs?: number } = {}) {
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const [debouncedQ] = useDebouncedValue(q, debounceMs);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if ((params.get('q') ?? '') !== debouncedQ.trim()) update({ q: debouncedQ.trim() || null, page: null });
    // Only the debounced text drives the URL; the setter reads the current params itself.
  }, [debouncedQ]);

  return { params, update, q, setQ, query: params.get('q') ?? '', page: Math.max(1, Number(params.get('page')) || 1) };
}
