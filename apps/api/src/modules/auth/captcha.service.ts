import svgCaptcha from 'svg-captcha';
import { CaptchaRules, type TCaptchaResponse } from '@hireflow/contracts/auth';
import { LoginMessages } from '@hireflow/contracts/messages';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { Captcha } from './captcha.model';
import { keyedHash, randomKey, sameHash } from './auth.crypto';

type CaptchaConfig = Pick<Config, 'jwtSecret' | 'captchaTestText'>;
const renderText = svgCaptcha as unknown as (text: string, options?: svgCaptcha.ConfigObject) => string;
const look: svgCaptcha.ConfigObject = { size: 5, noise: 2, ignoreChars: '0oO1iIlL', width: 150, height: 50 };

// Answers are compared without case: "aB3xy" and "ab3XY" are the same to a person reading the image.
const answerHash = (config: CaptchaConfig, capId: string, answer: string) => keyedHash(config, `${capId}:${answer.trim().toLowerCase()}`);

export async function createCaptcha(config: CaptchaConfig): Promise<TCaptchaResponse> {
  const capId = randomKey();
  const { text, data } = config.captchaTestText
    ? { text: config.captchaTestText, data: renderText(config.captchaTestText, look) }
    : svgCaptcha.create(look);
  await Captcha.create({ _id: capId, answerHash: answerHash(config, capId, text), expiresAt: new Date(Date.now() + CaptchaRules.ttlMinutes * 60_000) });
  return { capId, svg: data };
}

/** Checks an answer once: the captcha is gone afterwards, whether the answer was right or wrong. */
export async function verifyCaptcha(config: CaptchaConfig, { captchaId, captchaText }: { captchaId: string; captchaText: string }): Promise<void> {
  const captcha = await Captcha.findOneAndDelete({ _id: captchaId }).lean();
  const ok = !!captcha && captcha.expiresAt.getTime() > Date.now() && sameHash(captcha.answerHash, answerHash(config, captchaId, captchaText));
  if (!ok) throw AppError.badRequest(LoginMessages.captchaUnresolved);
}
