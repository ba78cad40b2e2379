/** Search text as the API receives it: trimmed and url-encoded; empty or non-string input becomes ''. */
export function toSearchText(input: unknown): string {
  if (typeof input !== 'string') return '';
  const trimmed = input.trim();
  return trimmed ? encodeURIComponent(trimmed) : '';
}
