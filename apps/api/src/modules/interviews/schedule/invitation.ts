import { DateTime } from 'luxon';
import { Types } from 'mongoose';
import { InterviewModeLabels, type TInterviewMode } from '@hireflow/contracts/interviews';
import { AppError } from '../../../lib/app-error';
import type { Mail } from '../../../lib/mailer';
import { Customer } from '../../org/customer.model';
import { Location } from '../../org/location.model';
import { User } from '../../users/user.model';
import { Candidate } from '../../candidates/candidate.model';
import { MailTemplate } from '../../mail/mail-template.model';
import { escapeHtml, fillHtml, fillText, type MergeValues } from '../../mail/merge-fields';
import { sanitizeRichText } from '../../../lib/rich-text';
import { htmlToText } from '@hireflow/contracts/mail-fill';
import { MeetingRoom } from '../rooms/meeting-room.model';
import { interviewCalendar, type CalendarPerson } from './interview-ics';

/** What an invitation says about the interview (a booked one, or the dialog's draft for the preview). */
export type InvitationDraft = {
  uid: string;
  sequence: number;
  roundName: string;
  start: Date;
  durationMinutes: number;
  timeZone: string;
  mode: TInterviewMode;
  roomId: Types.ObjectId | null;
  videoLink: string;
  phone: string;
  interviewerIds: Types.ObjectId[];
};

type Person = CalendarPerson & { id: Types.ObjectId; firstName: string; lastName: string };

/** Everyone and everything an invitation names, loaded once per change. */
export type InvitationContext = {
  company: { name: string; slug: string | null };
  job: { _id: Types.ObjectId; title: string };
  candidate: { firstName: string; lastName: string; email: string };
  sender: Person & { signature: string };
  interviewers: Person[];
  room: { name: string; address: string } | null;
  template: { id: Types.ObjectId; subject: string; body: string } | null;
  publicUrl: string;
};

const DefaultSubject = 'Interview invitation: {{interview.round}} for {{job.title}} at {{company.name}}';
const DefaultBody = `Hello {{candidate.firstName}},

We would like to invite you to an interview ({{interview.round}}) for the {{job.title}} position at {{company.name}}.

When: {{interview.start}}
Duration: {{interview.duration}}
How: {{interview.mode}}
Where: {{interview.location}}
With: {{interview.interviewers}}

The calendar invitation is attached. If the time does not suit you, please reply to this mail.

Kind regards,
{{sender.name}}`;

const fullName = (p: { firstName?: string | null; lastName?: string | null }) => `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim();

/** Loads the company, job, candidate, sender, panel, room and template an invitation is built from. */
export async function loadInvitationContext(
  customerId: Types.ObjectId,
  { job, candidateId, senderId, interviewerIds, roomId, templateId, publicUrl }: {
    job: { _id: Types.ObjectId; title: string }; candidateId: Types.ObjectId; senderId: Types.ObjectId; interviewerIds: Types.ObjectId[];
    roomId: Types.ObjectId | null; templateId: Types.ObjectId | null; publicUrl: string;
  },
): Promise<InvitationContext> {
  const [company, candidate, users, room, template] = await Promise.all([
    Customer.findById(customerId, { name: 1, slug: 1 }).lean(),
    Candidate.findOne({ customerId, _id: candidateId }, { firstName: 1, lastName: 1, email: 1 }).lean(),
    User.find({ customerId, _id: { $in: [senderId, ...interviewerIds] } }, { firstName: 1, lastName: 1, email: 1, signature: 1 }).lean(),
    roomId ? MeetingRoom.findOne({ customerId, _id: roomId }, { name: 1, locationId: 1, addressId: 1 }).lean() : null,
    templateId ? findInterviewTemplate(customerId, templateId) : null,
  ]);
  const location = room ? await Location.findOne({ customerId, _id: room.locationId }, { name: 1, addresses: 1 }).lean() : null;
  const address = location?.addresses.find((a) => a._id.equals(room!.addressId));
  const person = (u: (typeof users)[number]): Person => ({ id: u._id, firstName: u.firstName, lastName: u.lastName ?? '', name: fullName(u), email: u.email });
  const senderDoc = users.find((u) => u._id.equals(senderId));
  return {
    company: { name: company?.name ?? '', slug: company?.slug ?? null },
    job,
    candidate: { firstName: candidate?.firstName ?? '', lastName: candidate?.lastName ?? '', email: candidate?.email ?? '' },
    sender: senderDoc ? { ...person(senderDoc), signature: senderDoc.signature ?? '' } : { id: senderId, firstName: '', lastName: '', name: '', email: '', signature: '' },
    interviewers: interviewerIds.map((id) => users.find((u) => u._id.equals(id))).filter((u) => u !== undefined).map(person),
    room: room ? { name: room.name, address: [address?.address, location?.name].filter(Boolean).join(', ') } : null,
    template,
    publicUrl,
  };
}

/** An interview template of the company (404 for another company's, 400 for a template of another kind). */
export async function findInterviewTemplate(customerId: Types.ObjectId, id: Types.ObjectId) {
  const t = await MailTemplate.findOne({ customerId, _id: id }, { kind: 1, subject: 1, body: 1 }).lean();
  if (!t) throw AppError.notFound('Template');
  if (t.kind !== 'interview') throw AppError.badRequest('templateId: choose an interview invitation template');
  return { id: t._id, subject: t.subject, body: t.body };
}

/** "Tuesday, 1 December 2026, 10:00 (Europe/Berlin)": the interview's own time zone, named. */
export function formatInterviewTime(start: Date, timeZone: string) {
  return `${DateTime.fromJSDate(start, { zone: timeZone }).setLocale('en-GB').toFormat('cccc, d LLLL yyyy, HH:mm')} (${timeZone})`;
}

export function locationText(ctx: Pick<InvitationContext, 'room'>, draft: Pick<InvitationDraft, 'mode' | 'videoLink' | 'phone'>) {
  if (draft.mode === 'onsite') return ctx.room ? [ctx.room.name, ctx.room.address].filter(Boolean).join(', ') : 'On site';
  if (draft.mode === 'video') return draft.videoLink;
  return draft.phone ? `By phone: ${draft.phone}` : 'By phone (we will call you)';
}

export function interviewMergeValues(ctx: InvitationContext, draft: InvitationDraft, extra: { scheduleLink?: string } = {}): MergeValues {
  return {
    'candidate.firstName': ctx.candidate.firstName,
    'candidate.lastName': ctx.candidate.lastName,
    'candidate.fullName': fullName(ctx.candidate),
    'job.title': ctx.job.title,
    'job.link': ctx.company.slug ? `${ctx.publicUrl}/careers/${ctx.company.slug}/${String(ctx.job._id)}` : '',
    'company.name': ctx.company.name,
    'sender.name': ctx.sender.name,
    'interview.round': draft.roundName || 'Interview',
    'interview.start': formatInterviewTime(draft.start, draft.timeZone),
    'interview.duration': `${draft.durationMinutes} minutes`,
    'interview.mode': InterviewModeLabels[draft.mode],
    'interview.location': locationText(ctx, draft),
    'interview.interviewers': ctx.interviewers.map((i) => i.name).join(', '),
    'interview.scheduleLink': extra.scheduleLink ?? '',
  };
}

/** The sender's signature (stored sanitised; sanitised again here, as mail carries it out of the product) in both parts. */
function withSignature(rendered: { text: string; html: string }, signature: string) {
  const html = sanitizeRichText(signature ?? '');
  if (!html) return rendered;
  const text = htmlToText(html);
  return { text: `${rendered.text}\n\n--\n${text}`, html: `${rendered.html}\n<div class="signature">${html}</div>` };
}

/** Subject, text and HTML from a template (or the built-in text) with the merge fields filled and the signature added. */
export function renderFromTemplate(ctx: InvitationContext, values: MergeValues, template = ctx.template, fallback = { subject: DefaultSubject, body: DefaultBody }) {
  const source = template ?? fallback;
  const rendered = withSignature({ text: fillText(source.body, values), html: fillHtml(source.body, values) }, ctx.sender.signature);
  return { subject: fillText(source.subject, values).replace(/\s+/g, ' ').trim(), ...rendered };
}

/** THE candidate's invitation text: what the preview shows and what the mail says. */
export function renderCandidateInvitation(ctx: InvitationContext, draft: InvitationDraft) {
  return renderFromTemplate(ctx, interviewMergeValues(ctx, draft));
}

const CancelBody = `Hello {{candidate.firstName}},

We are sorry: your interview ({{interview.round}}) for the {{job.title}} position at {{company.name}} on {{interview.start}} has been cancelled. We will be in touch about next steps.

Kind regards,
{{sender.name}}`;

const InterviewerBody = `Hello,

You are on the panel of an interview ({{interview.round}}) with {{candidate.fullName}} for {{job.title}}.

When: {{interview.start}}
Duration: {{interview.duration}}
How: {{interview.mode}}
Where: {{interview.location}}
Panel: {{interview.interviewers}}

The calendar invitation is attached.

{{sender.name}}`;

const InterviewerCancelBody = `Hello,

The interview ({{interview.round}}) with {{candidate.fullName}} for {{job.title}} on {{interview.start}} has been cancelled.`;

export type InvitationChange = 'new' | 'updated' | 'cancelled';
const SubjectPrefix: Record<InvitationChange, string> = { new: '', updated: 'Updated: ', cancelled: 'Cancelled: ' };

/**
 * The mails of one change: the candidate's (unless not notified) and each interviewer's, every one with
 * the calendar event (REQUEST for new and updated, CANCEL for cancelled; same UID, the interview's SEQUENCE).
 * `removedInterviewers` get a cancellation of their copy.
 */
export function buildInvitationMails(
  ctx: InvitationContext,
  draft: InvitationDraft,
  { change, notifyCandidate, reason = '', removedInterviewers = [], scorecardUrl = '' }: {
    change: InvitationChange; notifyCandidate: boolean; reason?: string; removedInterviewers?: CalendarPerson[];
    /** The interviewers' scorecard page of this interview (named in their invitation). */
    scorecardUrl?: string;
  },
): { candidate: Mail | null; interviewers: Mail[] } {
  const values = interviewMergeValues(ctx, draft);
  const calendarOf = (method: 'REQUEST' | 'CANCEL') =>
    interviewCalendar({
      uid: draft.uid,
      sequence: draft.sequence,
      method,
      start: draft.start,
      end: new Date(draft.start.getTime() + draft.durationMinutes * 60_000),
      title: `${values['interview.round']}: ${values['candidate.fullName']} (${ctx.job.title}, ${ctx.company.name})`,
      description: `${values['interview.mode']}. ${values['interview.location']}`.trim(),
      location: draft.mode === 'onsite' ? values['interview.location']! : draft.mode === 'phone' ? draft.phone : '',
      url: draft.mode === 'video' ? draft.videoLink : '',
      organizer: { name: ctx.sender.name || ctx.company.name, email: ctx.sender.email },
      attendees: [{ name: values['candidate.fullName']!, email: ctx.candidate.email }, ...ctx.interviewers],
    });
  const method = change === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const calendar = calendarOf(method);
  const prefix = SubjectPrefix[change];

  let candidate: Mail | null = null;
  if (notifyCandidate && ctx.candidate.email) {
    const rendered = change === 'cancelled'
      ? renderFromTemplate(ctx, values, null, { subject: 'Interview cancelled: {{job.title}} at {{company.name}}', body: CancelBody })
      : renderCandidateInvitation(ctx, draft);
    candidate = { to: ctx.candidate.email, ...rendered, subject: change === 'cancelled' ? rendered.subject : `${prefix}${rendered.subject}`, kind: `interview-${change}`, calendar };
  }

  const panelSubject = `${prefix}Interview: ${values['candidate.fullName']} (${values['interview.round']}), ${values['interview.start']}`;
  const panelMail = (to: string, body: string, cal: Mail['calendar']): Mail => ({
    to, subject: panelSubject, kind: `interview-${change}-panel`, calendar: cal,
    text: fillText(body, values) + (reason ? `\n\nReason: ${reason}` : ''),
    html: fillHtml(body, values) + (reason ? `\n<p>Reason: ${escapeHtml(reason)}</p>` : ''),
  });
  const body = change === 'cancelled' ? InterviewerCancelBody : InterviewerBody;
  const withScorecard = (mail: Mail): Mail => (change === 'cancelled' || !scorecardUrl ? mail : {
    ...mail,
    text: `${mail.text}\n\nYour scorecard: ${scorecardUrl}`,
    html: `${mail.html}\n<p>Your scorecard: <a href="${escapeHtml(scorecardUrl)}">${escapeHtml(scorecardUrl)}</a></p>`,
  });
  const interviewers = ctx.interviewers.filter((i) => i.email).map((i) => withScorecard(panelMail(i.email, body, calendar)));
  if (removedInterviewers.length) {
    const cancel = calendarOf('CANCEL');
    for (const p of removedInterviewers.filter((r) => r.email)) {
      interviewers.push({ ...panelMail(p.email, InterviewerCancelBody, cancel), subject: `Cancelled: Interview: ${values['candidate.fullName']} (${values['interview.round']})`, text: `${fillText(InterviewerCancelBody, values)}\n\nYou are no longer on its panel.` });
    }
  }
  return { candidate, interviewers };
}

export const asObjectIds = (ids: string[]) => ids.map((id) => new Types.ObjectId(id));
