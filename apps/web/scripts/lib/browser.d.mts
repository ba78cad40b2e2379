import type { BrowserContext } from 'playwright-core';
export const chromeArgs: string[];
export function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }>;
