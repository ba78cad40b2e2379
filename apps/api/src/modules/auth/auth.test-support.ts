import request from 'supertest';
import type { Express } from 'express';
import { TestCaptchaText } from '../../test/test-app';
import type { TOutboxMail } from '@hireflow/contracts/auth';

/** A fresh captcha id; with CAPTCHA_TEST_TEXT its answer is TestCaptchaText. */
export async function newCaptcha(app: Express): Promise<string> {
  const res = await request(app).get('/api/captcha_api').expect(200);
  return res.body.capId as string;
}

export async function solvedCaptcha(app: Express) {
  return { captchaId: await newCaptcha(app), captchaText: TestCaptchaText };
}

/** Password sign-in through a fresh captcha; checks the status. */
export async function signIn(app: Express, email: string, password: string, status: number) {
  const captcha = await solvedCaptcha(app);
  return request(app).post('/api/user/login').send({ email, password, ...captcha }).expect(status);
}

/** The dev mailbox for one address, newest first. */
export async function mailsTo(app: Express, to: string): Promise<TOutboxMail[]> {
  const res = await request(app).get('/api/dev/outbox').query({ to }).expect(200);
  return res.body as TOutboxMail[];
}

/** A query parameter of the first link in a mail's text. */
export function linkParam(mail: TOutboxMail, param: string): string {
  const match = mail.text.match(new RegExp(`https?://\\S+[?&]${param}=([^\\s&]+)`));
  if (!match) throw new Error(`no link with ${param} in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
