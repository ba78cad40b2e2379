import type { Types } from 'mongoose';
import { ErasureDeadlineDays } from '@hireflow/contracts/privacy';
import { Candidate } from '../modules/candidates/candidate.model';
import { Customer } from '../modules/org/customer.model';
import { User } from '../modules/users/user.model';
import { ErasureRequest } from '../modules/privacy/erasure/erasure-request.model';
import { AuditEntry } from '../modules/privacy/audit/audit-entry.model';

const DayMs = 86_400_000;

const AcmeNotice = [
  'Acme Corporation keeps the details you send with an application (your name, contacts, résumé and answers) to consider you for this and similar roles.',
  'We keep them for 24 months, or until you ask us to erase them. Every mail we send you carries a link where you can download your data or ask for erasure.',
  'Questions: privacy@acme.test.',
].join('\n\n');

/**
 * Privacy for the demo: Acme's notice and consent periods, every candidate's legal basis (consent where they applied
 * through the career site, legitimate interest otherwise) with its expiry, a few whose consent lapses soon (so the
 * renewal card has something to do), erasure requests in each state, and an audit trail of the last two weeks.
 * Runs once, after the history and the users exist.
 */
export async function seedPrivacy() {
  const acme = await Customer.findOne({ slug: 'acme' }, { _id: 1 }).lean();
  if (!acme || (await ErasureRequest.exists({ customerId: acme._id }))) return;
  const customerId = acme._id;
  const now = Date.now();

  await Customer.updateOne({ _id: customerId }, { $set: { 'privacy.notice': AcmeNotice } });

  // Every company's candidates: the legal basis their source gives (consent only through the apply form, lasting
  // the company's 24 months; everyone else rests on legitimate interest, as the intake paths now record it).
  await Candidate.updateMany({ customerId: { $exists: true }, source: { $ne: 'career_site' } }, { $set: { legalBasis: 'legitimate_interest', consentAt: null, consentExpiresAt: null } }).setOptions({ crossTenant: true });
  await Candidate.updateMany(
    { customerId: { $exists: true }, source: 'career_site', consentAt: { $ne: null } },
    [{ $set: { legalBasis: 'consent', consentExpiresAt: { $dateAdd: { startDate: '$consentAt', unit: 'month', amount: 24 } } } }],
    { updatePipeline: true },
  ).setOptions({ crossTenant: true });

  const applied = await Candidate.find({ customerId, source: 'career_site', mergedIntoId: null }, { firstName: 1, lastName: 1, email: 1 }).sort({ _id: 1 }).limit(8).lean();
  // Three whose consent lapses within the month: the renewal card asks them.
  for (const [i, c] of applied.slice(0, 3).entries()) {
    const expires = new Date(now + (6 + i * 7) * DayMs);
    await Candidate.updateOne({ customerId, _id: c._id }, { $set: { consentAt: new Date(expires.getTime() - 730 * DayMs), consentExpiresAt: expires } });
  }

  const name = (c: { firstName: string; lastName?: string | null }) => `${c.firstName} ${c.lastName ?? ''}`.trim();
  const ada = await User.findOne({ customerId, email: 'admin@acme.test' }, { _id: 1, firstName: 1, lastName: 1 }).lean();
  const [waiting, urgent, refused] = applied.slice(3, 6);
  const request = (c: typeof waiting, daysAgo: number, extra: Record<string, unknown> = {}) => ({
    customerId, candidateId: c._id, candidateName: name(c), origin: 'candidate', requestedAt: new Date(now - daysAgo * DayMs), dueAt: new Date(now + (ErasureDeadlineDays - daysAgo) * DayMs), ...extra,
  });
  if (waiting && urgent && refused) {
    await ErasureRequest.insertMany([
      request(waiting, 3),
      request(urgent, 26),
      request(refused, 40, { state: 'refused', decidedAt: new Date(now - 35 * DayMs), decidedBy: ada?._id ?? null, reason: 'An employment tribunal claim about this hiring round is open; we must keep the records until it closes.' }),
    ]);
  }

  await AuditEntry.insertMany(auditHistory({ customerId, now, users: await User.find({ customerId, status: 'active' }, { firstName: 1, lastName: 1 }).lean(), people: applied }));
}

type Named = { _id: Types.ObjectId; firstName: string; lastName?: string | null; email?: string | null };

/** Two weeks of sign-ins (each active user on most working days) and recruiters' profile views and an export. */
function auditHistory({ customerId, now, users, people }: { customerId: Types.ObjectId; now: number; users: Named[]; people: Named[] }) {
  const name = (c: Named) => `${c.firstName} ${c.lastName ?? ''}`.trim();
  const entries: Record<string, unknown>[] = [];
  for (let day = 13; day >= 0; day--) {
    const date = new Date(now - day * DayMs);
    if (date.getUTCDay() === 0 || date.getUTCDay() === 6) continue;
    users.forEach((u, i) => {
      if ((day + i) % 4 === 3) return;
      const at = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 8 + (i % 3), (i * 7) % 60));
      if (at.getTime() > now) return;
      entries.push({ customerId, at, action: 'signed_in', actorId: u._id, actorName: name(u), candidateId: null, personName: '', personKey: '', detail: '' });
      const person = people[(day + i) % Math.max(people.length, 1)];
      if (person && i % 2 === 0) {
        entries.push({ customerId, at: new Date(at.getTime() + 20 * 60_000), action: 'viewed', actorId: u._id, actorName: name(u), candidateId: person._id, personName: name(person), personKey: `${name(person)} ${person.email ?? ''}`.toLowerCase(), detail: 'Profile viewed' });
      }
    });
  }
  const exporter = users[0];
  if (exporter) entries.push({ customerId, at: new Date(now - 2 * DayMs), action: 'exported', actorId: exporter._id, actorName: name(exporter), candidateId: null, personName: '', personKey: '', detail: 'Candidates exported to Excel (48 candidates)' });
  return entries;
}
