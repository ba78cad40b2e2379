import type { z } from 'zod';
import type { FormErrors } from '@mantine/form';

function sentence(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** Validates a Mantine form with a contracts schema: one message per field, the first issue wins. */
export function zodValidate(schema: z.ZodType) {
  return (values: unknown): FormErrors => {
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

/** Moves keyboard focus to the first field that failed validation (in the order the form lists them). */
export function focusFirstError(form: { getInputNode: (path: never) => HTMLElement | null }, order: readonly string[]) {
  return (errors: FormErrors) => {
    const first = order.find((path) => errors[path]) ?? Object.keys(errors)[0];
    if (first) form.getInputNode(first as never)?.focus();
  };
}
