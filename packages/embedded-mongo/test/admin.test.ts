import { MongoClient, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedMongo } from '../src/index.js';
import { startWithClient, type TestServer } from './helpers.js';

describe('server and catalog commands', () => {
  let t: TestServer;
  let db: Db;
  beforeAll(async () => {
    t = await startWithClient();
    db = t.client.db('adm');
  });
  afterAll(() => t.close());

  it('presents a single-node replica set primary on the address the client used', async () => {
    const hello = await db.admin().command({ hello: 1 });
    const me = `127.0.0.1:${t.server.port}`;
    expect(hello).toMatchObject({ isWritablePrimary: true, setName: 'rs0', primary: me, me, hosts: [me], maxWireVersion: 21, ok: 1 });
    expect(hello.topologyVersion).toBeUndefined();
    expect(t.server.uri).toBe(`mongodb://127.0.0.1:${t.server.port}/?replicaSet=rs0`);
    const legacy = await db.admin().command({ isMaster: 1 });
    expect(legacy.ismaster).toBe(true);
  });

  it('accepts the OP_MSG handshake of a serverApi client and directConnection URIs', async () => {
    const versioned = await MongoClient.connect(t.server.uri, { serverApi: { version: '1' }, serverSelectionTimeoutMS: 3000 });
    await versioned.db('adm_api').collection('api').insertOne({ v: 1 });
    expect(await versioned.db('adm_api').collection('api').countDocuments()).toBe(1);
    await versioned.close();
    const direct = await MongoClient.connect(`mongodb://127.0.0.1:${t.server.port}/?directConnection=true`, { serverSelectionTimeoutMS: 3000 });
    expect((await direct.db('admin').command({ ping: 1 })).ok).toBe(1);
    await direct.close();
  });

  it('answers ping, buildInfo, getParameter, hostInfo, connectionStatus, serverStatus', async () => {
    const admin = db.admin();
    expect((await admin.ping()).ok).toBe(1);
    expect((await admin.command({ buildInfo: 1 })).versionArray[0]).toBe(7);
    expect((await admin.command({ getParameter: 1, featureCompatibilityVersion: 1 })).featureCompatibilityVersion.version).toBe('7.0');
    expect((await admin.command({ hostInfo: 1 })).system.numCores).toBeGreaterThan(0);
    expect((await admin.command({ connectionStatus: 1 })).authInfo.authenticatedUsers).toEqual([]);
    expect((await admin.command({ serverStatus: 1 })).connections.current).toBeGreaterThan(0);
  });

  it('rejects unknown commands with CommandNotFound (59)', async () => {
    await expect(db.command({ frobnicate: 1 })).rejects.toMatchObject({ code: 59, codeName: 'CommandNotFound' });
  });

  it('creates collections, reports NamespaceExists (48), lists with filter and nameOnly', async () => {
    await db.createCollection('alpha');
    await db.createCollection('beta');
    await expect(db.createCollection('alpha')).rejects.toMatchObject({ code: 48 });
    await expect(db.createCollection('v', { viewOn: 'alpha', pipeline: [] })).rejects.toMatchObject({ code: 115 });
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(names).toEqual(['alpha', 'beta']);
    const filtered = await db.listCollections({ name: 'beta' }).toArray();
    expect(filtered).toHaveLength(1);
    expect(filtered[0]).toMatchObject({ name: 'beta', type: 'collection' });
    const dbs = await db.admin().listDatabases();
    expect(dbs.databases.map((d) => d.name)).toContain('adm');
    const only = await db.admin().command({ listDatabases: 1, nameOnly: true, filter: { name: 'adm' } });
    expect(only.databases).toEqual([{ name: 'adm' }]);
  });

  it('renames and drops collections and databases', async () => {
    await db.collection('ren').insertOne({ a: 1 });
    await db.collection('ren').createIndex({ a: 1 });
    await db.renameCollection('ren', 'ren2');
    expect(await db.collection('ren2').countDocuments({ a: 1 })).toBe(1);
    expect((await db.collection('ren2').indexes()).map((i) => i.name)).toEqual(['_id_', 'a_1']);
    await expect(db.renameCollection('nope', 'x')).rejects.toMatchObject({ code: 26 });
    await db.collection('ren3').insertOne({});
    await expect(db.renameCollection('ren2', 'ren3')).rejects.toMatchObject({ code: 48 });
    await db.renameCollection('ren2', 'ren3', { dropTarget: true });
    expect(await db.collection('ren3').countDocuments()).toBe(1);
    expect(await db.collection('ren3').drop()).toBe(true);
    expect((await db.listCollections({ name: 'ren3' }).toArray()).length).toBe(0);
    const other = t.client.db('dropme');
    await other.collection('x').insertOne({});
    expect(await other.dropDatabase()).toBe(true);
    expect((await db.admin().listDatabases()).databases.map((d) => d.name)).not.toContain('dropme');
  });

  it('changes a TTL with collMod', async () => {
    const c = db.collection('mod');
    await c.createIndex({ at: 1 }, { expireAfterSeconds: 60 });
    const res = await db.command({ collMod: 'mod', index: { keyPattern: { at: 1 }, expireAfterSeconds: 120 } });
    expect(res).toMatchObject({ expireAfterSeconds_old: 60, expireAfterSeconds_new: 120 });
    expect((await c.indexes())[1].expireAfterSeconds).toBe(120);
    await expect(db.command({ collMod: 'mod', index: { name: 'nope', expireAfterSeconds: 1 } })).rejects.toMatchObject({ code: 27 });
  });

  it('reports collStats and dbStats', async () => {
    await db.collection('stats').insertMany([{ a: 1 }, { a: 2 }]);
    const cs = await db.command({ collStats: 'stats' });
    expect(cs).toMatchObject({ ns: 'adm.stats', count: 2, nindexes: 1 });
    expect(cs.size).toBeGreaterThan(0);
    const ds = await db.command({ dbStats: 1 });
    expect(ds.objects).toBeGreaterThanOrEqual(2);
    await expect(db.command({ collStats: 'missing' })).rejects.toMatchObject({ code: 26 });
  });

  it('ends and kills sessions', async () => {
    const s = t.client.startSession();
    await db.collection('sess').insertOne({ a: 1 }, { session: s });
    await s.endSession();
    expect((await db.admin().command({ killSessions: [] })).ok).toBe(1);
  });

  it('refuses a non-loopback bind without allowRemote', async () => {
    await expect(startEmbeddedMongo({ host: '0.0.0.0' })).rejects.toThrow(/allowRemote/);
    const remote = await startEmbeddedMongo({ host: '0.0.0.0', allowRemote: true });
    // a wildcard bind advertises the address each client actually dialled, so replica-set discovery works
    const client = await MongoClient.connect(`mongodb://127.0.0.1:${remote.port}/?replicaSet=rs0`, { serverSelectionTimeoutMS: 3000 });
    expect((await client.db('admin').command({ hello: 1 })).me).toBe(`127.0.0.1:${remote.port}`);
    await client.close();
    await remote.stop();
  });
});
