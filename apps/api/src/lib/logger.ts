import { pino, type Logger } from 'pino';

/** Paths that never reach a log line. */
const redact = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.confirmpassword',
  '*.otp',
  '*.token',
  '*.hashKey',
  '*.verify_key',
  '*.captchaText',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: redact, censor: '[redacted]' } });
}
