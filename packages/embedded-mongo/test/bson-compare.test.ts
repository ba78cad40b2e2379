import { Binary, Decimal128, Long, MaxKey, MinKey, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { compareValues, keyString } from '../src/bson-compare.js';
import { sortDocs } from '../src/doc-utils.js';
import { SortedList } from '../src/sorted-list.js';
import { startWithClient } from './helpers.js';

describe('BSON comparator', () => {
  it('orders values across types like MongoDB', () => {
    const ordered = [
      new MinKey(),
      null,
      -5,
      Long.fromNumber(3),
      3.5,
      'abc',
      { a: 1 },
      [1, 2],
      new Binary(Buffer.from([1])),
      new ObjectId('000000000000000000000001'),
      false,
      true,
      new Date(0),
      /re/,
      new MaxKey(),
    ];
    const shuffled = [...ordered].reverse();
    expect(shuffled.sort(compareValues)).toEqual(ordered);
  });

  it('compares numbers exactly across representations', () => {
    expect(compareValues(Long.fromString('9007199254740993'), 9007199254740992)).toBe(1);
    expect(compareValues(Long.fromNumber(2), 2)).toBe(0);
    expect(compareValues(Decimal128.fromString('1.5'), 1)).toBe(1);
    expect(compareValues(NaN, -Infinity)).toBe(-1);
    expect(compareValues(new ObjectId('000000000000000000000002'), new ObjectId('000000000000000000000010'))).toBe(-1);
  });

  it('gives equal values the same canonical key', () => {
    expect(keyString(1)).toBe(keyString(Long.fromNumber(1)));
    expect(keyString(new ObjectId('65a000000000000000000001'))).toBe(keyString(new ObjectId('65a000000000000000000001')));
    expect(keyString('1')).not.toBe(keyString(1));
    expect(keyString({ a: 1, b: 2 })).not.toBe(keyString({ b: 2, a: 1 }));
  });
});

describe('SortedList', () => {
  it('stays ordered through many inserts and deletes', () => {
    const list = new SortedList<number>((a, b) => a - b);
    const values = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 5003);
    values.forEach((v) => list.insert(v));
    for (let i = 0; i < 5000; i += 3) expect(list.delete(values[i])).toBe(true);
    expect(list.delete(-1)).toBe(false);
    const out = [...list.ascending()];
    expect(out).toEqual([...out].sort((a, b) => a - b));
    expect(out.length).toBe(list.size);
    expect(list.firstAtLeast(values[1])).toBe(values[1]);
    expect([...list.descending()]).toEqual([...out].reverse());
  });
});

describe('sortDocs', () => {
  it('returns the same leading documents with a bounded buffer as with a full sort', () => {
    const docs = Array.from({ length: 3000 }, (_, i) => ({ i, a: (i * 7919) % 17, b: i % 3 === 0 ? null : `s${(i * 31) % 11}`, arr: [i % 5, 40 - (i % 7)] }));
    for (const sort of [{ a: 1 }, { a: -1, b: 1 }, { b: -1 }, { arr: 1 }, { arr: -1, i: 1 }] as Record<string, number>[]) {
      const full = sortDocs(docs, sort).map((d) => d.i);
      for (const keep of [1, 25, 999]) expect(sortDocs(docs, sort, undefined, keep).map((d) => d.i)).toEqual(full.slice(0, keep));
    }
  });
});

describe('SortedList iteration while the list changes', () => {
  for (const dir of ['ascending', 'descending'] as const) {
    it(`${dir}: yields every stable item once, in order, despite inserts and deletes`, () => {
      const list = new SortedList<number>((a, b) => a - b);
      for (let i = 0; i < 6000; i += 2) list.insert(i);
      const seen: number[] = [];
      let step = 0;
      for (const v of dir === 'ascending' ? list.ascending() : list.descending()) {
        seen.push(v);
        if (++step % 7 === 0) {
          list.insert((step * 7919) % 6000 | 1); // odd: churn, may or may not be seen
          list.delete(v); // the item just returned
          list.insert(v);
        }
        if (step % 500 === 0) for (let i = 1; i < 6000; i += 4) list.delete(i);
      }
      const evens = seen.filter((v) => v % 2 === 0);
      expect(evens).toEqual(Array.from({ length: 3000 }, (_, i) => (dir === 'ascending' ? i * 2 : 5998 - i * 2)));
      const sorted = [...seen].sort((a, b) => (dir === 'ascending' ? a - b : b - a));
      expect(seen).toEqual(sorted);
      expect(new Set(seen).size).toBe(seen.length);
    });
  }
});

describe('matching numeric wrappers through the server', () => {
  it('filters and sorts int64 values beyond 2^53 and Decimal128 numerically', async () => {
    const t = await startWithClient();
    const c = t.client.db('num').collection('n');
    await c.insertMany([
      { k: 'big', v: Long.fromString('9007199254740993') },
      { k: 'ten', v: Long.fromString('10000000000000000') },
      { k: 'dec', v: Decimal128.fromString('2.5') },
      { k: 'small', v: 7 },
    ]);
    expect((await c.find({ v: { $gt: 9_000_000_000_000_000 } }).toArray()).map((d) => d.k).sort()).toEqual(['big', 'ten']);
    expect((await c.find({ v: { $lt: 5 } }).toArray()).map((d) => d.k)).toEqual(['dec']);
    expect((await c.find({}, { sort: { v: -1 } }).toArray()).map((d) => d.k)).toEqual(['ten', 'big', 'small', 'dec']);
    const [sum] = await c.aggregate([{ $match: { k: { $in: ['dec', 'small'] } } }, { $group: { _id: null, s: { $sum: '$v' } } }]).toArray();
    // MongoDB sums a Decimal128 with an int exactly, as a Decimal128.
    expect((sum.s as { _bsontype?: string })._bsontype).toBe('Decimal128');
    expect(String(sum.s)).toBe('9.5');
    await t.close();
  });

  it('explains which index a query uses', async () => {
    const t = await startWithClient();
    const c = t.client.db('ex').collection('e');
    await c.createIndex({ email: 1 });
    await c.insertOne({ email: 'a' });
    const ix = (await c.find({ email: 'a' }).explain()) as { queryPlanner: { winningPlan: { inputStage?: { indexName: string } } } };
    expect(ix.queryPlanner.winningPlan.inputStage?.indexName).toBe('email_1');
    const scan = (await c.find({ other: 1 }).explain()) as { queryPlanner: { winningPlan: { stage: string } } };
    expect(scan.queryPlanner.winningPlan.stage).toBe('COLLSCAN');
    await t.close();
  });
});
