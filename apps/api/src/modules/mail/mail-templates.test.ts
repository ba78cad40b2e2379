import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { buildJobsCompany } from '../jobs/jobs.test-support';
import { startTestApp } from '../../test/test-app';
import { fillHtml, fillText } from './merge-fields';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
});
afterAll(() => ctx.stop());

const save = (auth: string, body: object) => request(app).post('/api/mail/templates').set('Authorization', auth).send(body);

describe('templates by kind', () => {
  it('offers interview fields only to interview invitations, refusing them elsewhere with the field named', async () => {
    const co = await buildJobsCompany(ctx.config);
    const invite = await save(co.admin.auth, { kind: 'interview', name: 'Invite', subject: 'Your {{interview.round}} at {{company.name}}', body: '<p>Hi {{candidate.firstName}}, see you {{interview.start}}.</p>' }).expect(201);
    expect(invite.body).toMatchObject({ kind: 'interview', body: '<p>Hi {{candidate.firstName}}, see you {{interview.start}}.</p>' });

    const refused = await save(co.admin.auth, { kind: 'pipeline', name: 'Reject', subject: 'About {{job.title}}', body: '<p>Your {{interview.round}} on {{interview.start}}</p>' }).expect(400);
    expect(refused.body.message).toMatch(/^\{\{interview\.round\}\}, \{\{interview\.start\}\} cannot be used in rejection and pipeline mail templates\./);
    expect(refused.body.details).toEqual({ notAllowedMergeFields: ['interview.round', 'interview.start'] });

    const unknown = await save(co.admin.auth, { kind: 'offer', name: 'Offer', subject: 'Offer', body: '<p>{{offer.salary}}</p>' }).expect(400);
    expect(unknown.body.message).toMatch(/^Unknown merge field: \{\{offer\.salary\}\}/);

    const kinds = await request(app).get('/api/mail/templates').query({ kind: 'interview' }).set('Authorization', co.employee.auth).expect(200);
    expect(kinds.body.items.map((t: { name: string }) => t.name)).toEqual(['Invite']);
  });

  it('sanitises a rich-text body on save: scripts, styles, handlers and javascript links are gone', async () => {
    const co = await buildJobsCompany(ctx.config);
    const res = await save(co.admin.auth, {
      kind: 'general', name: 'Hello', subject: 'Hello',
      body: '<p onmouseover="x()">Hi <strong>{{candidate.firstName}}</strong></p><script>alert(1)</script><style>p{}</style><a href="javascript:alert(1)">bad</a><a href="https://acme.test">good</a>',
    }).expect(201);
    expect(res.body.body).toBe('<p>Hi <strong>{{candidate.firstName}}</strong></p><a rel="noopener noreferrer nofollow">bad</a><a href="https://acme.test" rel="noopener noreferrer nofollow">good</a>');
    expect((await save(co.admin.auth, { kind: 'general', name: 'Empty', subject: 'x', body: '<script>alert(1)</script><p></p>' })).body.message).toBe('body: is required');
    // A plain-text body stays plain text.
    expect((await save(co.admin.auth, { kind: 'campaign', name: 'Plain', subject: 'x', body: 'Hi {{candidate.firstName}}\nBye' }).expect(201)).body.body).toBe('Hi {{candidate.firstName}}\nBye');
  });
});

describe('filling bodies (pipeline mails, campaigns, invitations)', () => {
  const values = { 'candidate.firstName': 'Ann <b>&', 'job.title': 'Rocket <Engineer>', 'job.link': 'https://acme.test/job' };

  it('fills an HTML body with escaped values, and its text part reads as text', () => {
    const body = '<p>Hi <strong>{{candidate.firstName}}</strong>,</p><ul><li>{{job.title}}</li></ul><p><a href="{{job.link}}">See the job</a><br>Bye</p>';
    expect(fillHtml(body, values)).toBe('<p>Hi <strong>Ann &lt;b&gt;&amp;</strong>,</p><ul><li>Rocket &lt;Engineer&gt;</li></ul><p><a href="https://acme.test/job" rel="noopener noreferrer nofollow">See the job</a><br />Bye</p>');
    expect(fillText(body, values)).toBe('Hi Ann <b>&,\n\n- Rocket <Engineer>\n\nSee the job (https://acme.test/job)\nBye');
    // An HTML body is sanitised again when filled (a campaign body never went through the template check).
    expect(fillHtml('<p>x</p><img src=x onerror="alert(1)"><script>alert(2)</script>', {})).toBe('<p>x</p>');
  });

  it('keeps plain-text bodies as before: escaped, lines and paragraphs, the job link a link', () => {
    const body = 'Hi {{candidate.firstName}},\nabout {{job.title}}\n\n{{job.link}}';
    expect(fillHtml(body, values)).toBe('<p>Hi Ann &lt;b&gt;&amp;,<br>about Rocket &lt;Engineer&gt;</p>\n<p><a href="https://acme.test/job">https://acme.test/job</a></p>');
    expect(fillText(body, values)).toBe('Hi Ann <b>&,\nabout Rocket <Engineer>\n\nhttps://acme.test/job');
  });
});
