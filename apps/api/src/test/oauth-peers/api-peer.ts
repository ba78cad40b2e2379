import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

/** One request an API peer received, with the account its bearer token names. */
export type RecordedRequest = { method: string; path: string; query: Record<string, string>; account: string | null; contentType: string; body: string; json: unknown };
export type PeerEvent = { id: string; account: string; body: Record<string, unknown>; deleted: boolean };
type Span = { start: string; end: string };

/** The `email` claim of the JWT in the Authorization header (the identity peer's access tokens carry it). */
function accountOf(req: IncomingMessage): string | null {
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!token) return null;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { email?: string };
    return payload.email?.toLowerCase() ?? null;
  } catch {
    return null;
  }
}

/**
 * What Google's and Microsoft's APIs do that the product calls, on loopback, recording every request:
 * Gmail send, Calendar freebusy and events (Google); sendMail, getSchedule and events (Graph). Busy times
 * are set per account; `rejectTokensOf(account)` answers 401 to that account (a revoked permission).
 */
export async function startApiPeer(kind: 'google' | 'graph') {
  const requests: RecordedRequest[] = [];
  const busy = new Map<string, Span[]>();
  const events = new Map<string, PeerEvent>();
  const rejected = new Set<string>();
  let failNext: number | null = null;

  const send = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://peer');
      const text = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = text && (req.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      const account = accountOf(req);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), account, contentType: req.headers['content-type'] ?? '', body: text, json });
      if (!account || rejected.has(account)) return send(res, 401, { error: { code: 401, message: 'Invalid Credentials' } });
      if (failNext !== null) {
        const status = failNext;
        failNext = null;
        return send(res, status, { error: { code: status, message: 'Backend Error' } });
      }
      handle(req.method ?? 'GET', url.pathname, account, json as Record<string, unknown> | null, res);
    });
  });

  const eventId = (path: string, prefix: string) => decodeURIComponent(path.slice(prefix.length));
  function handle(method: string, path: string, account: string, body: Record<string, unknown> | null, res: ServerResponse) {
    if (kind === 'google') {
      if (method === 'POST' && path === '/gmail/v1/users/me/messages/send') return send(res, 200, { id: randomUUID(), labelIds: ['SENT'] });
      if (method === 'POST' && path === '/calendar/v3/freeBusy') {
        const ids = ((body?.items as Array<{ id: string }>) ?? []).map((i) => i.id);
        return send(res, 200, { calendars: Object.fromEntries(ids.map((id) => [id, { busy: busy.get(id === 'primary' ? account : id.toLowerCase()) ?? busy.get(account) ?? [] }])) });
      }
      const prefix = '/calendar/v3/calendars/primary/events';
      if (path.startsWith(prefix)) return eventsRoute(method, path === prefix ? null : eventId(path, `${prefix}/`), account, body, res);
    } else {
      if (method === 'POST' && path === '/me/sendMail') return send(res, 202);
      if (method === 'POST' && path === '/me/calendar/getSchedule') {
        const ids = ((body?.schedules as string[]) ?? []).map((s) => s.toLowerCase());
        return send(res, 200, {
          value: ids.map((id) => ({
            scheduleId: id,
            scheduleItems: (busy.get(id) ?? []).map((s) => ({ status: 'busy', start: { dateTime: s.start.replace(/Z$/, ''), timeZone: 'UTC' }, end: { dateTime: s.end.replace(/Z$/, ''), timeZone: 'UTC' } })),
          })),
        });
      }
      if (path.startsWith('/me/events')) return eventsRoute(method, path === '/me/events' ? null : eventId(path, '/me/events/'), account, body, res);
    }
    return send(res, 404, { error: { code: 404, message: `no such endpoint in the ${kind} peer: ${method} ${path}` } });
  }

  function eventsRoute(method: string, id: string | null, account: string, body: Record<string, unknown> | null, res: ServerResponse) {
    if (method === 'POST' && id === null) {
      const created: PeerEvent = { id: randomUUID(), account, body: body ?? {}, deleted: false };
      events.set(created.id, created);
      const link = kind === 'google'
        ? (body?.conferenceData ? { hangoutLink: `https://meet.google.test/${created.id.slice(0, 8)}` } : {})
        : (body?.isOnlineMeeting ? { onlineMeeting: { joinUrl: `https://teams.microsoft.test/l/meetup/${created.id.slice(0, 8)}` } } : {});
      Object.assign(created.body, link);
      return send(res, kind === 'google' ? 200 : 201, { id: created.id, ...created.body });
    }
    const existing = id ? events.get(id) : undefined;
    if (!existing || existing.account !== account || existing.deleted) return send(res, kind === 'google' ? 410 : 404, { error: { code: 404, message: 'Not Found' } });
    if (method === 'DELETE') {
      existing.deleted = true;
      return send(res, 204);
    }
    if (method === 'PATCH' || method === 'PUT') {
      existing.body = method === 'PUT' ? (body ?? {}) : { ...existing.body, ...(body ?? {}) };
      return send(res, 200, { id: existing.id, ...existing.body });
    }
    return send(res, 405, { error: { code: 405, message: 'Method not allowed' } });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    events,
    /** Busy spans (ISO instants, UTC) of an account's calendar (or a room account's). */
    setBusy(account: string, spans: Span[]) {
      busy.set(account.toLowerCase(), spans);
    },
    rejectTokensOf(account: string) {
      rejected.add(account.toLowerCase());
    },
    acceptTokensOf(account: string) {
      rejected.delete(account.toLowerCase());
    },
    /** The next request is answered with this status (a provider outage). */
    failNextWith(status: number) {
      failNext = status;
    },
    liveEventsOf(account: string) {
      return [...events.values()].filter((e) => e.account === account.toLowerCase() && !e.deleted);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type ApiPeer = Awaited<ReturnType<typeof startApiPeer>>;
