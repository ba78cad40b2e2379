import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { Express } from 'express';
import { Types } from 'mongoose';
import { InterviewApi, InterviewMessages } from '@hireflow/contracts/interviews';
import { FeedbackMessages, type TFeedbackAll, type TInterviewFeedback, type TApplicationScorecards } from '@hireflow/contracts/interviews-feedback';
import { startTestApp } from '../../../test/test-app';
import { CandidateActivity } from '../../candidates/candidate-activity.model';
import { InterviewEvent } from '../interview-event.model';
import { addInterview, buildInterviewCompany, type InterviewCompany } from '../interviews.test-support';

let ctx: Awaited<ReturnType<typeof startTestApp>>;
let app: Express;
beforeAll(async () => {
  ctx = await startTestApp({ RATE_LIMIT_DISABLED: 'true' });
  app = ctx.app;
});
afterAll(() => ctx.stop());

const Hour = 3600_000;
const design = { id: new Types.ObjectId(), name: 'System design' };
const communication = { id: new Types.ObjectId(), name: 'Communication' };
const attributes = [design, communication];

const path = (id: unknown) => `/api/interviews/${String(id)}/feedback`;
const read = (auth: string, id: unknown) => request(app).get(path(id)).set('Authorization', auth);
const save = (auth: string, id: unknown, body: object) => request(app).put(path(id)).set('Authorization', auth).send(body);
const submit = (auth: string, id: unknown, body: object) => request(app).post(`${path(id)}/submit`).set('Authorization', auth).send(body);
const overview = (auth: string, page = 1) => request(app).get(`/api/interview-feedback?page=${page}`).set('Authorization', auth);
const appCards = (auth: string, id: string) => request(app).get(`/api/applications/${id}/scorecards`).set('Authorization', auth);

const fullCard = (recommendation = 'yes', privateNotes = '') => ({
  ratings: [
    { attributeId: String(design.id), rating: 3, note: 'Clear trade-offs' },
    { attributeId: String(communication.id), rating: null },
  ],
  recommendation,
  notes: 'Solid on the whiteboard',
  privateNotes,
});

/** A company with an interview that ended an hour ago: the job's interviewer `employee` and `approver1` (on no job) on the panel. */
async function setup(opts: { start?: Date; status?: 'scheduled' | 'cancelled' | 'did_not_happen' } = {}) {
  const ic = await buildInterviewCompany(app, ctx.config, { applicants: 1 });
  const { co } = ic;
  const interview = await addInterview(ic, ic.applicationIds[0]!, {
    start: opts.start ?? new Date(Date.now() - 2 * Hour),
    interviewerIds: [co.employee.id, co.approver1.id],
    attributes,
    status: opts.status,
  });
  return { ic, co, interview, id: String(interview._id) };
}

describe('drafts', () => {
  it('saves my draft while I write, and shows it back to me only', async () => {
    const { co, id } = await setup();
    const empty = await read(co.employee.auth, id).expect(200);
    expect((empty.body as TInterviewFeedback).mine).toEqual({ scorecard: null, canWrite: true });
    expect((empty.body as TInterviewFeedback).attributes.map((a) => a.name)).toEqual(['System design', 'Communication']);

    const saved = await save(co.employee.auth, id, { ratings: [{ attributeId: String(design.id), rating: 2 }], notes: 'First thoughts', privateNotes: 'Seemed nervous' }).expect(200);
    expect(saved.body).toMatchObject({ status: 'draft', recommendation: null, notes: 'First thoughts', privateNotes: 'Seemed nervous', ratings: [{ name: 'System design', rating: 2 }] });
    await save(co.employee.auth, id, { ratings: [{ attributeId: String(design.id), rating: 3 }], recommendation: 'no', notes: 'Second thoughts' }).expect(200);

    const mine = (await read(co.employee.auth, id).expect(200)).body as TInterviewFeedback;
    expect(mine.mine.scorecard).toMatchObject({ status: 'draft', recommendation: 'no', notes: 'Second thoughts', ratings: [{ rating: 3 }] });
    // The other interviewer sees that a draft exists, never its content.
    const other = (await read(co.approver1.auth, id).expect(200)).body as TInterviewFeedback;
    expect(other.othersVisible).toBe(false);
    expect(other.others).toEqual([{ interviewer: { id: co.employee.id, name: expect.any(String) as string }, state: 'draft', scorecard: null }]);
    // Even the hiring manager sees no drafts.
    const hm = (await read(co.hm.auth, id).expect(200)).body as TInterviewFeedback;
    expect(hm.others.find((o) => o.interviewer.id === co.employee.id)).toMatchObject({ state: 'draft', scorecard: null });
  });

  it('takes only ratings 1-4 or null of the interview\'s own attributes', async () => {
    const { co, id } = await setup();
    const bad = await save(co.employee.auth, id, { ratings: [{ attributeId: String(new Types.ObjectId()), rating: 2 }] }).expect(400);
    expect(bad.body.message).toBe(FeedbackMessages.unknownAttribute);
    await save(co.employee.auth, id, { ratings: [{ attributeId: String(design.id), rating: 5 }] }).expect(400);
    await save(co.employee.auth, id, { ratings: [{ attributeId: String(design.id), rating: 0 }] }).expect(400);
    const twice = await save(co.employee.auth, id, { ratings: [{ attributeId: String(design.id), rating: 1 }, { attributeId: String(design.id), rating: 2 }] }).expect(400);
    expect(twice.body.message).toBe(FeedbackMessages.duplicateAttribute);
    await save(co.employee.auth, id, { recommendation: 'maybe' }).expect(400);
  });

  it('is written only by the interview\'s interviewers; others on the job get 403, others not on it 404', async () => {
    const { co, id } = await setup();
    const recruiter = await save(co.recruiter.auth, id, { notes: 'x' }).expect(403);
    expect(recruiter.body.message).toBe(InterviewMessages.notAnInterviewer);
    await save(co.hm.auth, id, { notes: 'x' }).expect(403);
    await submit(co.admin.auth, id, fullCard()).expect(403);
    expect((await read(co.recruiter.auth, id).expect(200)).body.mine.canWrite).toBe(false);
  });

  it('refuses scorecards for a cancelled interview or one that did not happen', async () => {
    for (const status of ['cancelled', 'did_not_happen'] as const) {
      const { co, id } = await setup({ status });
      const res = await save(co.employee.auth, id, { notes: 'x' }).expect(409);
      expect(res.body.message).toBe(FeedbackMessages.notTakingScorecards);
      await submit(co.employee.auth, id, fullCard()).expect(409);
      expect((await read(co.employee.auth, id).expect(200)).body.mine.canWrite).toBe(false);
    }
  });
});

describe('submitting', () => {
  it('needs a recommendation and every attribute rated or marked not assessed', async () => {
    const { co, id } = await setup();
    const noRecommendation = await submit(co.employee.auth, id, { ...fullCard(), recommendation: null }).expect(400);
    expect(noRecommendation.body.message).toContain('recommendation');
    const missing = await submit(co.employee.auth, id, { ...fullCard(), ratings: [{ attributeId: String(design.id), rating: 4 }] }).expect(400);
    expect(missing.body.message).toBe(FeedbackMessages.missingRatings(['Communication']));
    expect((await read(co.employee.auth, id).expect(200)).body.mine.scorecard).toBeNull();
  });

  // As in Greenhouse: a panel that met earlier than planned, or a take-home, is scored when it is done.
  it('takes a scorecard before the planned start too, and leaves it out of what I owe until then', async () => {
    const { co, id } = await setup({ start: new Date(Date.now() + 48 * Hour) });
    await save(co.employee.auth, id, { notes: 'Prepared questions' }).expect(200);
    expect((await request(app).get(InterviewApi.feedbackAll).set('Authorization', co.employee.auth).expect(200)).body.owed).toEqual([]);
    const res = await submit(co.employee.auth, id, fullCard()).expect(200);
    expect((res.body as TInterviewFeedback).mine.scorecard!.status).toBe('submitted');
  });

  it('is final, and lands on the interview history and the candidate timeline', async () => {
    const { co, id, interview } = await setup();
    await save(co.employee.auth, id, { notes: 'draft' }).expect(200);
    const res = await submit(co.employee.auth, id, fullCard('strong_yes', 'Knows my old team')).expect(200);
    const view = res.body as TInterviewFeedback;
    expect(view.mine.canWrite).toBe(false);
    expect(view.mine.scorecard).toMatchObject({
      status: 'submitted', recommendation: 'strong_yes', notes: 'Solid on the whiteboard', privateNotes: 'Knows my old team',
      ratings: [{ name: 'System design', rating: 3, note: 'Clear trade-offs' }, { name: 'Communication', rating: null }],
    });
    expect(view.mine.scorecard!.submittedAt).toBeTruthy();
    expect(view.interview.interviewers.find((i) => i.id === co.employee.id)!.feedback).toBe('submitted');

    const again = await submit(co.employee.auth, id, fullCard('no')).expect(409);
    expect(again.body.message).toBe(FeedbackMessages.alreadySubmitted);
    const edit = await save(co.employee.auth, id, { notes: 'changed my mind' }).expect(409);
    expect(edit.body.message).toBe(FeedbackMessages.alreadySubmitted);
    expect((await read(co.employee.auth, id).expect(200)).body.mine.scorecard).toMatchObject({ recommendation: 'strong_yes', notes: 'Solid on the whiteboard' });

    const name = `${co.employee.user.firstName} ${co.employee.user.lastName}`;
    const timeline = await CandidateActivity.find({ customerId: co.customerId, candidateId: interview.candidateId, kind: 'feedback_submitted' }).lean();
    expect(timeline.map((t) => t.summary)).toEqual([`Scorecard submitted by ${name}: Strong yes`]);
    expect(await InterviewEvent.countDocuments({ customerId: co.customerId, interviewId: interview._id, kind: 'feedback_submitted' })).toBe(1);
  });
});

describe('who sees which scorecards', () => {
  it('hides the others\' scorecards until mine is submitted; private notes stay with their author', async () => {
    const { co, id } = await setup();
    await submit(co.employee.auth, id, fullCard('yes', 'Employee private')).expect(200);

    const before = (await read(co.approver1.auth, id).expect(200)).body as TInterviewFeedback;
    expect(before.othersVisible).toBe(false);
    expect(before.others).toEqual([{ interviewer: expect.objectContaining({ id: co.employee.id }) as object, state: 'submitted', scorecard: null }]);
    expect(JSON.stringify(before)).not.toContain('Solid on the whiteboard');

    const after = (await submit(co.approver1.auth, id, fullCard('no', 'Approver private')).expect(200)).body as TInterviewFeedback;
    expect(after.othersVisible).toBe(true);
    expect(after.others[0]!.scorecard).toMatchObject({ recommendation: 'yes', notes: 'Solid on the whiteboard', privateNotes: null });
    expect(after.mine.scorecard!.privateNotes).toBe('Approver private');
    expect(JSON.stringify(after)).not.toContain('Employee private');
    const employeeView = (await read(co.employee.auth, id).expect(200)).body as TInterviewFeedback;
    expect(employeeView.others[0]!.scorecard).toMatchObject({ recommendation: 'no', privateNotes: null });
  });

  it('shows every submitted scorecard with private notes to the hiring manager, the job\'s owners and admins', async () => {
    const { co, id } = await setup();
    await submit(co.employee.auth, id, fullCard('yes', 'Employee private')).expect(200);
    for (const who of [co.hm, co.recruiter, co.admin]) {
      const view = (await read(who.auth, id).expect(200)).body as TInterviewFeedback;
      expect(view.othersVisible).toBe(true);
      expect(view.mine.scorecard).toBeNull();
      expect(view.others.find((o) => o.interviewer.id === co.employee.id)!.scorecard).toMatchObject({ recommendation: 'yes', privateNotes: 'Employee private' });
      expect(view.others.find((o) => o.interviewer.id === co.approver1.id)).toMatchObject({ state: 'pending', scorecard: null });
    }
    // A recruiter who is not on the job sees the interview but not the scorecards.
    const outsider = (await read(co.approver2.auth, id).expect(200)).body as TInterviewFeedback;
    expect(outsider.othersVisible).toBe(false);
    expect(outsider.others.every((o) => o.scorecard === null)).toBe(true);
  });

  it('answers 404 to an employee who is not on the interview', async () => {
    const ic = await buildInterviewCompany(app, ctx.config, { applicants: 1 });
    const interview = await addInterview(ic, ic.applicationIds[0]!, { start: new Date(Date.now() - 2 * Hour), interviewerIds: [ic.co.employee.id], attributes });
    await read(ic.co.approver1.auth, interview._id).expect(404);
    await save(ic.co.approver1.auth, interview._id, { notes: 'x' }).expect(404);
    await submit(ic.co.approver1.auth, interview._id, fullCard()).expect(404);
    await appCards(ic.co.approver1.auth, ic.applicationIds[0]!).expect(404);
  });

  it('shows an application\'s submitted scorecards under the same rules', async () => {
    const { co, ic, id } = await setup();
    await save(co.approver1.auth, id, { notes: 'unfinished draft' }).expect(200);
    await submit(co.employee.auth, id, fullCard('strong_no', 'Employee private')).expect(200);
    const applicationId = ic.applicationIds[0]!;

    const hm = (await appCards(co.hm.auth, applicationId).expect(200)).body as TApplicationScorecards;
    expect(hm.items).toHaveLength(1);
    expect(hm.items[0]).toMatchObject({ recommendation: 'strong_no', privateNotes: 'Employee private', interviewer: { id: co.employee.id }, interview: { id, roundName: 'Technical interview' } });
    // The other interviewer, not yet submitted: nothing; the author: their own without anyone's private notes but theirs.
    expect(((await appCards(co.approver1.auth, applicationId).expect(200)).body as TApplicationScorecards).items).toEqual([]);
    expect(((await appCards(co.employee.auth, applicationId).expect(200)).body as TApplicationScorecards).items[0]!.privateNotes).toBe('Employee private');
    expect(((await appCards(co.approver2.auth, applicationId).expect(200)).body as TApplicationScorecards).items).toEqual([]);
    await appCards(co.hm.auth, String(new Types.ObjectId())).expect(404);
  });
});

describe('what I owe and what I submitted', () => {
  it('lists started interviews without my submitted scorecard, overdue first, and my submitted ones newest first', async () => {
    const ic = await buildInterviewCompany(app, ctx.config, { applicants: 1 });
    const { co } = ic;
    const on = (hoursAgo: number, status?: 'cancelled' | 'did_not_happen', roundName = `Round ${hoursAgo}`) =>
      addInterview(ic, ic.applicationIds[0]!, { start: new Date(Date.now() - hoursAgo * Hour), interviewerIds: [co.employee.id], attributes, status, roundName });
    const recent = await on(2);
    const overdue = await on(30);
    const older = await on(72);
    const future = await on(-24);
    await on(5, 'cancelled');
    await on(6, 'did_not_happen');
    const done = await on(10);
    await submit(co.employee.auth, done._id, fullCard('yes')).expect(200);
    await save(co.employee.auth, recent._id, { notes: 'draft' }).expect(200);

    const body = (await overview(co.employee.auth).expect(200)).body as TFeedbackAll;
    expect(body.owed.map((o) => [o.interview.id, o.overdue, o.state])).toEqual([
      [String(older._id), true, 'pending'],
      [String(overdue._id), true, 'pending'],
      [String(recent._id), false, 'draft'],
    ]);
    expect(body.owed.some((o) => o.interview.id === String(future._id))).toBe(false);
    expect(body.submitted).toMatchObject({ page: 1, total: 1, items: [{ interview: { id: String(done._id), roundName: 'Round 10' }, recommendation: 'yes' }] });

    // Somebody else owes nothing of it.
    const hm = (await overview(co.hm.auth).expect(200)).body as TFeedbackAll;
    expect(hm.owed).toEqual([]);
    expect(hm.submitted.total).toBe(0);
    await request(app).get('/api/interview-feedback?page=0').set('Authorization', co.employee.auth).expect(400);
  });
});

describe('tenant isolation', () => {
  it('answers 404 for another company\'s interviews and applications, and lists none of them', async () => {
    const { co, id, ic } = await setup();
    await submit(co.employee.auth, id, fullCard('yes')).expect(200);
    const other: InterviewCompany = await buildInterviewCompany(app, ctx.config, { applicants: 1 });
    for (const who of [other.co.admin, other.co.employee]) {
      await read(who.auth, id).expect(404);
      await save(who.auth, id, { notes: 'x' }).expect(404);
      await submit(who.auth, id, fullCard()).expect(404);
      await appCards(who.auth, ic.applicationIds[0]!).expect(404);
      const all = (await overview(who.auth).expect(200)).body as TFeedbackAll;
      expect(all.owed).toEqual([]);
      expect(all.submitted.total).toBe(0);
    }
    await request(app).get(path(id)).expect(401);
  });
});
