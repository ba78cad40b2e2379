import { Input, Skeleton } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { loadChunk } from '@/app/routes/lazy-page';

/** Lets a merge-field picker insert text where the cursor is in the editor. */
export type RichTextInserter = { insert: (text: string) => void };
export type RichTextFieldProps = {
  label: string;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  minHeight?: number;
  /** Called once the editor is ready, with a way to insert text at its cursor. */
  onReady?: (inserter: RichTextInserter) => void;
};

// tiptap loads only when a form shows the editor (the heaviest code in the app).
const RichTextFieldEditor = lazy(() => loadChunk(() => import('./rich-text-field-editor')));

/** A rich-text field (mail templates, signatures); the API sanitises what it stores, whatever the editor sends. */
export function RichTextField(props: RichTextFieldProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} description={props.description} error={props.error}>
          <Skeleton mt={4} h={(props.minHeight ?? 160) + 44} />
        </Input.Wrapper>
      }
    >
      <RichTextFieldEditor {...props} />
    </Suspense>
  );
}
