import { Alert } from '@mantine/core';
import { ApiErrorText } from './api-error-text';

/** A form-level message: errors are announced at once (role=alert), confirmations politely. Plan and seat refusals link to the Subscription page. */
export function FormAlert({ message, tone = 'error' }: { message: string | null | undefined; tone?: 'error' | 'success' | 'info' }) {
  if (!message) return null;
  const color = tone === 'error' ? 'red' : tone === 'success' ? 'pastel-green' : 'blue';
  return (
    <Alert color={color} variant="light" role={tone === 'error' ? 'alert' : 'status'}>
      <ApiErrorText message={message} />
    </Alert>
  );
}
