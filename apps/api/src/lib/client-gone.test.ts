// A request whose client has closed the connection before its handler starts is not worked on: under
// load such requests wait behind others and their clients give up, and their work would be thrown away.
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp } from '../test/test-app';
import { buildCustomer, buildUser, tokenFor } from '../test/factories';
import { User } from '../modules/users/user.model';
import { clientGoneStats } from './client-gone';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let server: Server;
let port: number;
let token: string;

beforeAll(async () => {
  ctx = await startTestApp();
  server = createServer(ctx.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const customer = await buildCustomer();
  const admin = await buildUser({ customerId: customer._id, role: 'recruiter', admin: true });
  token = await tokenFor(ctx.config, admin);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await ctx.stop();
});

/** The raw bytes of the user list request a browser sends. */
function userListRequest() {
  const body = '{}';
  return [
    'POST /api/user HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    `Authorization: Bearer ${token}`,
    'Content-Type: application/json',
    `Content-Length: ${body.length}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

describe('requests whose client has gone', () => {
  it('answers the user list to a client that waits for it', async () => {
    const listQueries = vi.spyOn(User, 'countDocuments');
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(userListRequest()));
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"cnt":1');
    expect(listQueries).toHaveBeenCalledTimes(1);
    listQueries.mockRestore();
  });

  it('does not run the user list for a client that sent it and closed the connection before its sign-in check was done', async () => {
    const listQueries = vi.spyOn(User, 'countDocuments');
    const before = clientGoneStats.notStarted;
    // The request and the close reach the server together: the server reads the request, starts the
    // sign-in lookups, and sees the connection closed before they come back.
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(userListRequest());
        socket.destroy();
        resolve();
      });
      socket.on('error', reject);
    });
    // Wait until the server is done with it, either way: not started, or the list queried.
    await vi.waitFor(() => expect(clientGoneStats.notStarted - before + listQueries.mock.calls.length).toBeGreaterThan(0), { timeout: 15_000 });
    expect(listQueries).not.toHaveBeenCalled();
    expect(clientGoneStats.notStarted).toBe(before + 1);
    listQueries.mockRestore();
  });
});
