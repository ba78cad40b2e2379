import { Fragment } from 'react';
import type { TSearchHighlight } from '@hireflow/contracts/candidates-search';

const FieldLabels: Record<TSearchHighlight['field'], string> = {
  name: 'Name', email: 'Email', phone: 'Phone', currentTitle: 'Title', currentCompany: 'Company', skills: 'Skills', tags: 'Tags', notes: 'Notes', resume: 'Résumé',
};

/** A snippet with its matched words in <mark>: built from offsets, so the text is never parsed as HTML. */
export function HighlightedText({ text, ranges }: Pick<TSearchHighlight, 'text' | 'ranges'>) {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at || end > text.length) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>{p.marked ? <mark>{p.text}</mark> : p.text}</Fragment>
      ))}
    </>
  );
}

/** Where the search matched a candidate, one line per field. */
export function MatchSnippets({ highlights }: { highlights: TSearchHighlight[] }) {
  if (highlights.length === 0) return null;
  return (
    <ul aria-label="Matches" style={{ margin: 0, paddingLeft: 0, listStyle: 'none', fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-dimmed)' }}>
      {highlights.map((h) => (
        <li key={h.field}>
          <strong>{FieldLabels[h.field]}:</strong> <HighlightedText text={h.text} ranges={h.ranges} />
        </li>
      ))}
    </ul>
  );
}
