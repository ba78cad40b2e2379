import mongoose from 'mongoose';
import type { Logger } from 'pino';
import { PlatformAudit } from './platform-audit';

const MarkerId = 'company-audit-into-platform-audit';

type OldEntry = { _id: mongoose.Types.ObjectId; companyId: mongoose.Types.ObjectId; action: string; actorId: mongoose.Types.ObjectId; actorName: string; actorEmail: string; reason?: string; createdAt: Date };

/**
 * Once per database: the older per-company history (collection companyaudits: authorise, suspend,
 * reinstate) moves into the platform audit log, keeping ids and dates; the old collection is left as it was.
 */
export async function moveCompanyAuditIntoPlatformAudit(logger?: Logger): Promise<{ moved: number }> {
  const db = mongoose.connection;
  const markers = db.collection<{ _id: string; at: Date }>('migrations');
  if (await markers.findOne({ _id: MarkerId })) return { moved: 0 };
  const old = await db.collection<OldEntry>('companyaudits').find({}).toArray();
  let moved = 0;
  if (old.length) {
    const names = new Map((await db.collection<{ _id: mongoose.Types.ObjectId; name: string }>('customers').find({ _id: { $in: old.map((e) => e.companyId) } }, { projection: { name: 1 } }).toArray()).map((c) => [String(c._id), c.name]));
    const known = new Set((await PlatformAudit.find({ _id: { $in: old.map((e) => e._id) } }, { _id: 1 }).lean()).map((e) => String(e._id)));
    const docs = old
      .filter((e) => !known.has(String(e._id)))
      .map((e) => ({
        _id: e._id,
        action: `company.${e.action}`,
        companyId: e.companyId,
        target: { kind: 'company', id: String(e.companyId), label: names.get(String(e.companyId)) ?? '' },
        actorId: e.actorId,
        actorName: e.actorName,
        actorEmail: e.actorEmail,
        reason: e.reason ?? '',
        detail: '',
        createdAt: e.createdAt,
      }));
    if (docs.length) await PlatformAudit.collection.insertMany(docs);
    moved = docs.length;
  }
  await markers.insertOne({ _id: MarkerId, at: new Date() });
  if (moved) logger?.info({ moved }, 'company history entries moved into the platform audit log');
  return { moved };
}
