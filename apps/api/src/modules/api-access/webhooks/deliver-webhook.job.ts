import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { ApiAccessLimits, WebhookSignatureHeader } from '@hireflow/contracts/api-access';
import { backoffMs, PermanentJobError, type JobDefinition } from '../../../lib/job-queue';
import { openSecret } from '../../../lib/secret-box';
import { Webhook, WebhookDelivery, type WebhookDeliveryDoc } from './webhook.model';
import { guardedLookup, urlRefusal } from './url-guard';

export type WebhookDeliveryPayload = { customerId: string; deliveryId: string };

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`: what a receiver recomputes with its secret. */
export function signWebhookBody(secret: string, unixSeconds: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

type PostResult = { status: number | null; error: string };

/** One POST of the body: no redirects followed, a timeout, the response body drained and ignored. */
function post(url: string, body: string, headers: Record<string, string>, production: boolean, signal: AbortSignal): Promise<PostResult> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), 'User-Agent': 'Hireflow-Webhooks/1', ...headers },
        timeout: ApiAccessLimits.deliveryTimeoutMs,
        signal,
        ...(production ? { lookup: guardedLookup as never } : {}),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? null, error: '' }));
        res.on('error', (err) => resolve({ status: res.statusCode ?? null, error: err.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${ApiAccessLimits.deliveryTimeoutMs / 1000} seconds`)));
    req.on('error', (err) => resolve({ status: null, error: err.message }));
    req.end(body);
  });
}

const ok = (status: number | null) => status !== null && status >= 200 && status < 300;

/**
 * Sends one delivery (one attempt per run): signed with the webhook's secret at the time of sending, logged
 * on the delivery with its response code, retried by the queue with exponential backoff until maxAttempts.
 * A 2xx answer succeeds; anything else (an error status, a redirect, a timeout, a refused address) fails
 * the attempt. A delivery already settled (a repeated run) is left alone.
 */
export const WebhookDeliveryJob: JobDefinition<WebhookDeliveryPayload> = {
  name: 'webhook.deliver',
  maxAttempts: 6,
  backoff: { baseMs: 60_000, maxMs: 6 * 3600_000 },
  async handler(payload, ctx) {
    const customerId = payload.customerId;
    const delivery = await WebhookDelivery.findOne({ customerId, _id: payload.deliveryId }).lean<WebhookDeliveryDoc>();
    if (!delivery || delivery.status !== 'pending') return { skipped: true };
    const webhook = await Webhook.findOne({ customerId, _id: delivery.webhookId }).lean();
    const attempt = ctx.job.attempts;
    const last = attempt >= ctx.job.maxAttempts;
    const now = ctx.now();

    let result: PostResult;
    let permanent = false;
    const started = process.hrtime.bigint();
    if (!webhook) {
      result = { status: null, error: 'The webhook was deleted' };
      permanent = true;
    } else if (!webhook.active) {
      result = { status: null, error: 'Not sent: the webhook is turned off' };
      permanent = true;
    } else {
      const refusal = ctx.config.isProduction ? await urlRefusal(webhook.url) : null;
      if (refusal) {
        result = { status: null, error: `Not sent: ${refusal}` };
        permanent = true;
      } else {
        const secret = openSecret<string>(ctx.config.tokenKey, webhook.secret, String(webhook._id));
        const t = Math.floor(now.getTime() / 1000);
        result = await post(
          webhook.url,
          delivery.body,
          { [WebhookSignatureHeader]: signWebhookBody(secret, t, delivery.body), 'Hireflow-Event': delivery.event, 'Hireflow-Delivery': String(delivery._id) },
          ctx.config.isProduction,
          ctx.signal,
        );
        if (!ok(result.status) && !result.error) result.error = `The receiver answered ${result.status}`;
      }
    }
    const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e6);
    const succeeded = ok(result.status);
    const settled = succeeded || last || permanent;
    const nextAttemptAt = settled ? null : new Date(now.getTime() + backoffMs(WebhookDeliveryJob, attempt));
    await WebhookDelivery.updateOne(
      { customerId, _id: delivery._id, status: 'pending' },
      {
        $set: { status: succeeded ? 'succeeded' : settled ? 'failed' : 'pending', attempt, responseCode: result.status, error: result.error, durationMs, nextAttemptAt },
        $push: { attempts: { attempt, at: now, responseCode: result.status, error: result.error, durationMs } },
      },
    );
    if (succeeded) return { status: result.status };
    if (permanent) throw new PermanentJobError(result.error);
    throw new Error(result.error);
  },
};
