import { Types } from 'mongoose';
import {
  SpotlightMessages,
  SpotlightRoleLabels,
  type TCreateSpotlightRequest,
  type TSpotlightAnnouncement,
  type TSpotlightChangeResponse,
  type TSpotlightListResponse,
  type TSpotlightRole,
  type TUpdateSpotlightRequest,
} from '@hireflow/contracts/spotlight';
import { AppError } from '../../lib/app-error';
import { sanitizeRichText } from '../../lib/rich-text';
import { withTransaction } from '../jobs/with-transaction';
import { Customer } from '../org/customer.model';
import { recordPlatformAction, type PlatformActor } from '../superadmin/platform-audit';
import { Spotlight, SpotlightDismissal, type SpotlightDoc } from './spotlight.model';
import { presentAnnouncement } from './spotlight.presenter';

/** The super admin's list shows at most this many (latest start first); announcements are few. */
const ListLimit = 500;

type CreateInput = Omit<TCreateSpotlightRequest, 'link'> & { link: TCreateSpotlightRequest['link'] | null };
type UpdateInput = TUpdateSpotlightRequest;

const notFound = () => AppError.notFound('Announcement');

/** The body as stored: the rich-text allow-list; an empty one (the editor's "<p></p>") is refused. */
function cleanBody(html: string): string {
  const clean = sanitizeRichText(html);
  if (!clean.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim()) throw AppError.badRequest(`body: ${SpotlightMessages.bodyRequired}`);
  return clean;
}

/** The chosen companies, each checked to exist (a deleted one cannot be targeted). */
async function targetedCompanies(ids: readonly string[]): Promise<Types.ObjectId[]> {
  const unique = [...new Set(ids)].map((id) => new Types.ObjectId(id));
  if (unique.length === 0) return [];
  const found = await Customer.countDocuments({ _id: { $in: unique } });
  if (found !== unique.length) throw AppError.badRequest(`audience.companyIds: ${SpotlightMessages.unknownCompanies}`);
  return unique;
}

async function companyNamesOf(docs: Pick<SpotlightDoc, 'companyIds'>[]): Promise<Map<string, string>> {
  const ids = [...new Map(docs.flatMap((d) => d.companyIds).map((id) => [String(id), id])).values()];
  if (ids.length === 0) return new Map();
  const customers = await Customer.find({ _id: { $in: ids } }, { name: 1 }).lean();
  return new Map(customers.map((c) => [String(c._id), c.name]));
}

async function dismissalCounts(ids: Types.ObjectId[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await SpotlightDismissal.aggregate<{ _id: Types.ObjectId; n: number }>([
    { $match: { announcementId: { $in: ids } } },
    { $group: { _id: '$announcementId', n: { $sum: 1 } } },
  ]);
  return new Map(rows.map((r) => [String(r._id), r.n]));
}

async function present(docs: SpotlightDoc[], now: number): Promise<TSpotlightAnnouncement[]> {
  const [names, counts] = await Promise.all([companyNamesOf(docs), dismissalCounts(docs.map((d) => d._id))]);
  return docs.map((d) => presentAnnouncement(d, names, counts.get(String(d._id)) ?? 0, now));
}

const day = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

/** The audit line of an announcement's audience and dates ("All companies · Admins, Recruiters · 2026-12-01 09:00 → ..."). */
function describeAnnouncement(doc: Pick<SpotlightDoc, 'allCompanies' | 'companyIds' | 'roles' | 'validFrom' | 'validTo'>): string {
  const companies = doc.allCompanies ? 'All companies' : `${doc.companyIds.length} ${doc.companyIds.length === 1 ? 'company' : 'companies'}`;
  const roles = (doc.roles as TSpotlightRole[]).map((r) => SpotlightRoleLabels[r]).join(', ');
  return `${companies} · ${roles} · ${day(doc.validFrom)} → ${day(doc.validTo)} UTC`;
}

export async function listAnnouncements({ now }: { now: number }): Promise<TSpotlightListResponse> {
  const docs = (await Spotlight.find({}).sort({ validFrom: -1, _id: -1 }).limit(ListLimit).lean()) as SpotlightDoc[];
  return { items: await present(docs, now) };
}

export async function createAnnouncement({ actor, input, now }: { actor: PlatformActor; input: CreateInput; now: number }): Promise<TSpotlightChangeResponse> {
  const body = cleanBody(input.body);
  const companyIds = input.audience.allCompanies ? [] : await targetedCompanies(input.audience.companyIds ?? []);
  const doc = await withTransaction(async (session) => {
    const [created] = await Spotlight.create(
      [
        {
          title: input.title,
          body,
          link: input.link ?? null,
          allCompanies: input.audience.allCompanies,
          companyIds,
          roles: [...new Set(input.audience.roles)],
          validFrom: new Date(input.validFrom),
          validTo: new Date(input.validTo),
          createdBy: actor._id,
          updatedBy: actor._id,
        },
      ],
      { session },
    );
    await recordPlatformAction({ action: 'spotlight.create', actor, target: { kind: 'spotlight', id: String(created!._id), label: created!.title }, detail: describeAnnouncement(created!) }, session);
    return created!.toObject() as SpotlightDoc;
  });
  const [announcement] = await present([doc], now);
  return { announcement: announcement!, message: SpotlightMessages.created(doc.title) };
}

async function findAnnouncement(id: string): Promise<SpotlightDoc> {
  const doc = (await Spotlight.findById(id).lean()) as SpotlightDoc | null;
  if (!doc) throw notFound();
  return doc;
}

/** What a change touched, in words, for the audit log ("title, dates, audience"). */
function changedParts(before: SpotlightDoc, after: SpotlightDoc): string[] {
  const parts: string[] = [];
  if (before.title !== after.title) parts.push(`title (was “${before.title}”)`);
  if (before.body !== after.body) parts.push('text');
  if (JSON.stringify(before.link ?? null) !== JSON.stringify(after.link ?? null)) parts.push('link');
  const audience = (d: SpotlightDoc) => JSON.stringify([d.allCompanies, d.companyIds.map(String).sort(), [...d.roles].sort()]);
  if (audience(before) !== audience(after)) parts.push('audience');
  if (before.validFrom.getTime() !== after.validFrom.getTime() || before.validTo.getTime() !== after.validTo.getTime()) parts.push('dates');
  return parts;
}

export async function updateAnnouncement({ id, actor, input, now }: { id: string; actor: PlatformActor; input: UpdateInput; now: number }): Promise<TSpotlightChangeResponse> {
  const before = await findAnnouncement(id);
  const set: Record<string, unknown> = { updatedBy: actor._id };
  if (input.title !== undefined) set.title = input.title;
  if (input.body !== undefined) set.body = cleanBody(input.body);
  if (input.link !== undefined) set.link = input.link;
  if (input.audience) {
    set.allCompanies = input.audience.allCompanies;
    set.companyIds = input.audience.allCompanies ? [] : await targetedCompanies(input.audience.companyIds ?? []);
    set.roles = [...new Set(input.audience.roles)];
  }
  if (input.validFrom !== undefined) set.validFrom = new Date(input.validFrom);
  if (input.validTo !== undefined) set.validTo = new Date(input.validTo);
  const validFrom = (set.validFrom as Date | undefined) ?? before.validFrom;
  const validTo = (set.validTo as Date | undefined) ?? before.validTo;
  if (validFrom >= validTo) throw AppError.badRequest(`validTo: ${SpotlightMessages.datesOrder}`);

  const after = await withTransaction(async (session) => {
    const updated = (await Spotlight.findOneAndUpdate({ _id: before._id }, { $set: set }, { returnDocument: 'after', session }).lean()) as SpotlightDoc | null;
    if (!updated) throw notFound();
    const changed = changedParts(before, updated);
    await recordPlatformAction(
      {
        action: 'spotlight.update',
        actor,
        target: { kind: 'spotlight', id: String(updated._id), label: updated.title },
        detail: `${changed.length ? `Changed ${changed.join(', ')}. ` : 'No change. '}${describeAnnouncement(updated)}`,
      },
      session,
    );
    return updated;
  });
  const [announcement] = await present([after], now);
  return { announcement: announcement!, message: SpotlightMessages.updated(after.title) };
}

/** Deletes an announcement and who hid it; dashboards stop showing it at once. */
export async function deleteAnnouncement({ id, actor }: { id: string; actor: PlatformActor }): Promise<{ message: string }> {
  const doc = await findAnnouncement(id);
  await withTransaction(async (session) => {
    const { deletedCount } = await Spotlight.deleteOne({ _id: doc._id }, { session });
    if (deletedCount === 0) throw notFound();
    await SpotlightDismissal.deleteMany({ announcementId: doc._id }, { session });
    await recordPlatformAction({ action: 'spotlight.delete', actor, target: { kind: 'spotlight', id: String(doc._id), label: doc.title }, detail: describeAnnouncement(doc) }, session);
  });
  return { message: SpotlightMessages.deleted(doc.title) };
}
