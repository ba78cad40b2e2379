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

/** JSON lines for machines; readable lines when a person watches a terminal in the local profile. */
export function createLogger(level: string, opts: { pretty?: boolean } = {}): Logger {
  const transport = opts.pretty ? { target: 'pino-pretty', options: { ignore: 'pid,hostname,req,res,responseTime', translateTime: 'SYS:HH:MM:ss' } } : undefined;
  return pino({ level, redact: { paths: redact, censor: '[redacted]' }, transport });
}
