import { Alert } from '@mantine/core';

/** A form-level message: errors are announced at once (role=alert), confirmations politely. */
export function FormAlert({ message, tone = 'error' }: { message: string | null | undefined; tone?: 'error' | 'success' | 'info' }) {
  if (!message) return null;
  const color = tone === 'error' ? 'red' : tone === 'success' ? 'pastel-green' : 'blue';
  return (
    <Alert color={color} variant="light" role={tone === 'error' ? 'alert' : 'status'}>
      {message}
    </Alert>
  );
}
