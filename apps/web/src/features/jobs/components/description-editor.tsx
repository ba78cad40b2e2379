import { Input, Skeleton } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { loadChunk } from '@/app/routes/lazy-page';

export type DescriptionEditorProps = { value: string; onChange: (html: string) => void; error?: string };

// tiptap and its toolbar weigh more than the rest of a page: they load when a form shows the editor, never
// with a page that only shows a description (that one renders the stored, sanitised HTML).
const RichTextDescription = lazy(() => loadChunk(() => import('./rich-text-description')));

/** The job description editor; the label and a placeholder of its size show while it loads. */
export function DescriptionEditor(props: DescriptionEditorProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label="Description" description="What the role is, what the person will do, what you offer" error={props.error}>
          <Skeleton mt={4} h={224} />
        </Input.Wrapper>
      }
    >
      <RichTextDescription {...props} />
    </Suspense>
  );
}
