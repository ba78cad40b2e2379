import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src/index.js';
import { tempDir } from './helpers.js';

describe('mongoose smoke', () => {
  let server: EmbeddedMongo;
  const conn = mongoose.createConnection();
  const tmp = tempDir();

  beforeAll(async () => {
    server = await startEmbeddedMongo({ dbPath: tmp.dir });
    await conn.openUri(server.uri, { dbName: 'smoke' });
  });
  afterAll(async () => {
    await conn.close();
    await server.stop();
    tmp.cleanup();
  });

  it('creates, finds, updates and enforces unique indexes', async () => {
    const User = conn.model('User', new mongoose.Schema({ name: String, email: { type: String, unique: true }, age: Number }));
    await User.init();
    const u = await User.create({ name: 'Ada', email: 'ada@x.io', age: 36 });
    expect((await User.findById(u._id).lean())?.name).toBe('Ada');
    await User.updateOne({ _id: u._id }, { $inc: { age: 1 } });
    expect((await User.findOne({ email: 'ada@x.io' }))?.age).toBe(37);
    await expect(User.create({ name: 'Dup', email: 'ada@x.io' })).rejects.toMatchObject({ code: 11000 });
    expect(await User.countDocuments()).toBe(1);
  });

  it('persists across a restart', async () => {
    const Note = conn.model('Note', new mongoose.Schema({ text: String }));
    await Note.create({ text: 'kept' });
    await conn.close();
    await server.stop();
    server = await startEmbeddedMongo({ dbPath: tmp.dir });
    await conn.openUri(server.uri, { dbName: 'smoke' });
    expect((await Note.findOne().lean())?.text).toBe('kept');
  });
});
