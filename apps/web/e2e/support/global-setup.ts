import type { TestProject } from 'vitest/node';
import { startAppServer } from '../../scripts/lib/app-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One real server for the whole run: the built API serving the built SPA, on a fresh data folder. */
export default async function setup(project: TestProject) {
  const server = await startAppServer();
  project.provide('baseUrl', server.url);
  return () => server.stop();
}
