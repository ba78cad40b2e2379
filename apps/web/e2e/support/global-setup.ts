import type { TestProject } from 'vitest/node';
import { startAppServer } from '../../scripts/lib/app-server.mjs';
import { startOAuthPeers } from '../../../api/src/test/oauth-peers/oauth-peers';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The local stand-in for Google's sign-in page (the browser is sent there and straight back). */
    googlePeerUrl: string;
  }
}

/**
 * One real server for the whole run: the built API serving the built SPA, on a fresh data folder, with
 * Google and Microsoft configured against local peers (nothing reaches the internet).
 */
export default async function setup(project: TestProject) {
  const peers = await startOAuthPeers();
  const server = await startAppServer({ env: peers.env });
  project.provide('baseUrl', server.url);
  project.provide('googlePeerUrl', peers.google.url);
  return async () => {
    await server.stop();
    await peers.stop();
  };
}
