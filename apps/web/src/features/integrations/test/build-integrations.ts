import type { TConnection, TMyIntegrations } from '@hireflow/contracts/integrations';

/** A connection as the API presents it: my Gmail, connected. */
export function buildConnection(overrides: Partial<TConnection> = {}): TConnection {
  return {
    id: '64c000000000000000000001',
    service: 'mailbox',
    owner: 'user',
    provider: 'google',
    label: 'Gmail',
    account: 'rita@gmail.test',
    status: 'connected',
    connectedAt: '2026-11-02T09:00:00.000Z',
    lastError: null,
    lastErrorAt: null,
    userId: '64b000000000000000000001',
    meetingRoomId: null,
    sharedEmail: null,
    ...overrides,
  };
}

export function buildMyIntegrations(overrides: Partial<TMyIntegrations> = {}): TMyIntegrations {
  return { providers: { google: true, microsoft: true }, connections: [], warnings: [], ...overrides };
}
