import mongoose, { Schema, Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';

describe('mongoose application patterns', () => {
  let server: EmbeddedMongo;
  const conn = mongoose.createConnection();

  const Company = conn.model('Company', new Schema({ name: { type: String, required: true } }));
  const Candidate = conn.model(
    'Candidate',
    new Schema(
      {
        email: { type: String, required: true, unique: true },
        name: String,
        company: { type: Schema.Types.ObjectId, ref: 'Company' },
        skills: [String],
        notes: [{ text: String, at: Date }],
        score: { type: Number, default: 0 },
      },
      { timestamps: true },
    ),
  );
  const Slot = conn.model('Slot', new Schema({ org: String, day: String, taken: Boolean }).index({ org: 1, day: 1 }, { unique: true }));

  beforeAll(async () => {
    server = await startEmbeddedMongo();
    await conn.openUri(server.uri, { dbName: 'app', autoIndex: true });
    await conn.syncIndexes();
  });
  afterAll(async () => {
    await conn.close();
    await server.stop();
  });

  it('syncIndexes is stable on a second run', async () => {
    const dropped = await conn.syncIndexes();
    expect(Object.values(dropped).flat()).toEqual([]);
    expect((await Candidate.listIndexes()).map((i) => i.name)).toEqual(['_id_', 'email_1']);
  });

  it('populates references and sorts, skips and limits', async () => {
    const acme = await Company.create({ name: 'Acme' });
    await Candidate.insertMany(
      Array.from({ length: 12 }, (_, i) => ({ email: `c${i}@x.io`, name: `Cand ${String(i).padStart(2, '0')}`, company: acme._id, score: i })),
    );
    const page = await Candidate.find({ company: acme._id }).sort({ score: -1 }).skip(2).limit(3).populate('company').lean();
    expect(page.map((c) => c.score)).toEqual([9, 8, 7]);
    expect((page[0].company as unknown as { name: string }).name).toBe('Acme');
    expect(await Candidate.countDocuments({ score: { $gte: 6 } })).toBe(6);
    expect(await Candidate.countDocuments({ score: 999 })).toBe(0);
    expect(await Candidate.find({ name: { $regex: 'cand 0', $options: 'i' } }).countDocuments()).toBe(10);
  });

  it('findOneAndUpdate with upsert and array operators', async () => {
    const created = await Candidate.findOneAndUpdate({ email: 'new@x.io' }, { $set: { name: 'New' }, $inc: { score: 2 } }, { upsert: true, new: true });
    expect(created).toMatchObject({ email: 'new@x.io', name: 'New', score: 2 });
    expect(created!.createdAt).toBeInstanceOf(Date);
    await Candidate.updateOne({ email: 'new@x.io' }, { $push: { skills: { $each: ['ts', 'go'] } } });
    await Candidate.updateOne({ email: 'new@x.io' }, { $addToSet: { skills: 'ts' } });
    await Candidate.updateOne({ email: 'new@x.io' }, { $addToSet: { skills: 'rust' } });
    await Candidate.updateOne({ email: 'new@x.io' }, { $pull: { skills: 'go' } });
    await Candidate.updateOne({ email: 'new@x.io' }, { $push: { notes: { text: 'hi', at: new Date() } } });
    await Candidate.updateOne({ email: 'new@x.io' }, { $unset: { name: 1 } });
    const doc = await Candidate.findOne({ email: 'new@x.io' }).lean();
    expect(doc!.skills).toEqual(['ts', 'rust']);
    expect(doc!.notes).toHaveLength(1);
    expect(doc!.name).toBeUndefined();
    const noteId = doc!.notes[0]._id as Types.ObjectId;
    await Candidate.updateOne({ 'notes._id': noteId }, { $set: { 'notes.$.text': 'edited' } });
    expect((await Candidate.findOne({ 'notes._id': noteId }).lean())!.notes[0].text).toBe('edited');
  });

  it('reports duplicate keys the way mongoose expects', async () => {
    await Slot.init();
    await Slot.create({ org: 'a', day: 'mon' });
    const err = await Slot.create({ org: 'a', day: 'mon' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 11000, keyPattern: { org: 1, day: 1 }, keyValue: { org: 'a', day: 'mon' } });
    const err2 = await Slot.findOneAndUpdate({ org: 'b' }, { $set: { org: 'a', day: 'mon' } }, { upsert: true }).catch((e: unknown) => e);
    expect(err2).toMatchObject({ code: 11000 });
  });

  it('aggregates reports by day with $group, $dateToString and $lookup', async () => {
    const rows = await Candidate.aggregate([
      { $match: { company: { $exists: true } } },
      { $group: { _id: { $dateToString: { format: '%Y-%m-%d', date: '$createdAt' } }, n: { $sum: 1 }, avg: { $avg: '$score' }, company: { $first: '$company' } } },
      { $lookup: { from: 'companies', localField: 'company', foreignField: '_id', as: 'co' } },
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ n: 12, avg: 5.5 });
    expect(rows[0].co[0].name).toBe('Acme');
  });

  it('runs session.withTransaction through mongoose', async () => {
    const session = await conn.startSession();
    await session.withTransaction(async () => {
      await Company.create([{ name: 'InTxn' }], { session });
      await Candidate.updateOne({ email: 'c0@x.io' }, { $inc: { score: 100 } }, { session });
    });
    await session.endSession();
    expect(await Company.countDocuments({ name: 'InTxn' })).toBe(1);
    const failing = await conn.startSession();
    await expect(
      failing.withTransaction(async () => {
        await Company.create([{ name: 'Rolled' }], { session: failing });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await failing.endSession();
    expect(await Company.countDocuments({ name: 'Rolled' })).toBe(0);
  });

  it('round-trips binary files through GridFSBucket', async () => {
    const db = conn.db!;
    const bucket = new mongoose.mongo.GridFSBucket(db, { bucketName: 'uploads', chunkSizeBytes: 1024 });
    const data = Buffer.alloc(5000);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7) % 256;
    const id = await new Promise<Types.ObjectId>((resolve, reject) => {
      const up = bucket.openUploadStream('cv.pdf', { metadata: { owner: 'c1' } });
      up.on('error', reject).on('finish', () => resolve(up.id as Types.ObjectId));
      up.end(data);
    });
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve, reject) => {
      bucket.openDownloadStream(id).on('data', (c: Buffer) => chunks.push(c)).on('error', reject).on('end', () => resolve());
    });
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    const files = await bucket.find({ filename: 'cv.pdf' }).toArray();
    expect(files[0]).toMatchObject({ length: 5000, chunkSize: 1024, metadata: { owner: 'c1' } });
    await bucket.delete(id);
    expect(await db.collection('uploads.chunks').countDocuments()).toBe(0);
  });
});
