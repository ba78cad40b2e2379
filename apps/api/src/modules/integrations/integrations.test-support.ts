import request from 'supertest';
import type { Express } from 'express';
import { startTestApp } from '../../test/test-app';
import { startOAuthPeers, type OAuthPeers } from '../../test/oauth-peers/oauth-peers';

/** A test app pointed at the local Google and Microsoft peers (both providers configured). */
export async function startAppWithPeers(env: Record<string, string> = {}) {
  const peers = await startOAuthPeers();
  const ctx = await startTestApp({ ...peers.env, ...env });
  return {
    ...ctx,
    peers,
    async stop() {
      await ctx.stop();
      await peers.stop();
    },
  };
}

/**
 * One OAuth round trip as a browser makes it: `start` (the product's call answering {url}) in a cookie jar,
 * the provider's sign-in and redirect, then `finish` (the callback page's call, given the code and state)
 * in the same jar. Answers both responses and what the provider sent back.
 */
export async function runOAuthRoundTrip(
  app: Express,
  peers: OAuthPeers,
  {
    start, finish, auth, agent = request.agent(app),
  }: {
    start: { method: 'post' | 'get'; path: string; body?: object };
    finish: (back: { code: string; state: string; callbackPath: string }) => { method: 'post' | 'get'; path: string; query?: Record<string, string> };
    /** "Bearer ..." of the signed-in user (connect flows); none for sign-in and sign-up. */
    auth?: string;
    /** A cookie jar of its own: another browser. */
    agent?: ReturnType<typeof request.agent>;
  },
) {
  const withAuth = <T extends request.Test>(r: T) => (auth ? r.set('Authorization', auth) : r);
  const started = await withAuth(agent[start.method](start.path).send(start.body ?? {}));
  if (started.status !== 200) return { started, finished: null, back: null };
  const back = await peers.authorize(started.body.url as string);
  const next = finish(back);
  const finished = await withAuth(agent[next.method](next.path).query({ code: back.code, state: back.state, ...(next.query ?? {}) }).send());
  return { started, finished, back };
}
