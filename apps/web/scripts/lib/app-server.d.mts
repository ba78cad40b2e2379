export const serverEntry: string;
export const webDist: string;
export const CaptchaTestText: string;
export function startAppServer(options?: { timeoutMs?: number; log?: boolean; env?: Record<string, string> }): Promise<{ url: string; stop(): Promise<void> }>;
