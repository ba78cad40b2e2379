import { useEffect, useRef, type FormEvent } from 'react';
import type { z } from 'zod';
import type { FormErrors } from '@mantine/form';

/** The first problem of a failed parse as one line, "field.path: message", for a form-level alert. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : 'Invalid input';
}

function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/**
 * A contracts schema loaded on first use (dynamic import, cached), so a page on the initial load
 * (/login) does not ship zod: the first validation or submit loads it. `parse` needs it loaded.
 */
export type LazySchema<S extends z.ZodType = z.ZodType> = {
  readonly current: S | undefined;
  load: () => Promise<S>;
  parse: (values: unknown) => z.output<S>;
  /** Calls `listener` once the schema has loaded; returns the unsubscribe function. */
  subscribe: (listener: () => void) => () => void;
};

export function lazySchema<S extends z.ZodType>(loader: () => Promise<S>): LazySchema<S> {
  let current: S | undefined;
  let pending: Promise<S> | undefined;
  const listeners = new Set<() => void>();
  return {
    get current() {
      return current;
    },
    load() {
      pending ??= loader().then(
        (schema) => {
          current = schema;
          for (const listener of listeners) listener();
          return schema;
        },
        (error: unknown) => {
          pending = undefined; // a failed chunk load may succeed on the next try
          throw error;
        },
      );
      return pending;
    },
    parse(values) {
      if (!current) throw new Error('The form schema has not loaded yet');
      return current.parse(values);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function isLazy(source: z.ZodType | LazySchema): source is LazySchema {
  return typeof (source as LazySchema).subscribe === 'function';
}

/**
 * Validates a Mantine form with a contracts schema: one message per field, the first issue wins.
 * With a lazy schema not loaded yet it reports no errors and starts the load (submit waits for it
 * through `submitWhenLoaded`; `useRevalidateOnLoad` re-checks the fields a blur validated meanwhile).
 */
export function zodValidate(source: z.ZodType | LazySchema) {
  return (values: unknown): FormErrors => {
    const schema = isLazy(source) ? source.current : source;
    if (!schema) {
      if (isLazy(source)) source.load().catch(() => undefined);
      return {};
    }
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FormErrors = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (path && !(path in errors)) errors[path] = sentence(issue.message);
    }
    return errors;
  };
}

/**
 * Wraps a Mantine `form.onSubmit(...)` handler so it runs once the lazy schema has loaded (at once when
 * it has). Should the load fail, the submit goes ahead unvalidated and the API's own checks answer.
 */
export function submitWhenLoaded(schema: LazySchema, submit: (event?: FormEvent<HTMLFormElement>) => void) {
  return (event?: FormEvent<HTMLFormElement>) => {
    if (schema.current) {
      submit(event);
      return;
    }
    event?.preventDefault();
    schema.load().then(
      () => submit(),
      () => submit(),
    );
  };
}

/** Blur validation that ran before the lazy schema loaded: validate the touched fields again once it has. */
export function useRevalidateOnLoad(
  form: { isTouched: (path: never) => boolean; validateField: (path: never) => unknown },
  schema: LazySchema,
  paths: readonly string[],
) {
  const latest = useRef({ form, paths });
  useEffect(() => {
    latest.current = { form, paths };
  });
  useEffect(
    () =>
      schema.subscribe(() => {
        const { form: current, paths: fields } = latest.current;
        for (const path of fields) if (current.isTouched(path as never)) current.validateField(path as never);
      }),
    [schema],
  );
}

/** Moves keyboard focus to the first field that failed validation (in the order the form lists them). */
export function focusFirstError(form: { getInputNode: (path: never) => HTMLElement | null }, order: readonly string[]) {
  return (errors: FormErrors) => {
    const first = order.find((path) => errors[path]) ?? Object.keys(errors)[0];
    if (first) form.getInputNode(first as never)?.focus();
  };
}
