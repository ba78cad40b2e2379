import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

function runCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/cli.ts'), ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /ready: (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`cli exited early (${code}): ${out}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, ready, exited };
}

describe('CLI', () => {
  it('serves a data directory and shuts down cleanly on SIGTERM', async () => {
    const tmp = tempDir();
    const first = runCli(['--dbpath', tmp.dir, '--port', '0']);
    const uri = await first.ready;
    expect(uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/\?replicaSet=rs0$/);
    const client = await MongoClient.connect(uri);
    await client.db('cli').collection('c').insertOne({ hello: 'world' });
    await client.close();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = runCli(['--dbpath', tmp.dir, '--port', '0']);
    const client2 = await MongoClient.connect(await second.ready);
    expect(await client2.db('cli').collection('c').findOne({}, { projection: { _id: 0 } })).toEqual({ hello: 'world' });
    await client2.close();
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    tmp.cleanup();
  }, 30_000);

  it('serves a --dbpath whose last folder name has a dot, as mktemp -d makes (tmp.AbC123)', async () => {
    const tmp = tempDir('tmp.');
    expect(path.basename(tmp.dir)).toMatch(/^tmp\.\w+$/);
    for (const round of [1, 2]) {
      const run = runCli(['--dbpath', tmp.dir, '--port', '0']);
      const client = await MongoClient.connect(await run.ready);
      const c = client.db('cli').collection('dotted');
      if (round === 1) await c.insertOne({ round });
      else expect(await c.findOne({}, { projection: { _id: 0 } })).toEqual({ round: 1 });
      await client.close();
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    }
    tmp.cleanup();
  }, 30_000);
});
