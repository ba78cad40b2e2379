import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { applyUpdate, buildUpsert, seedFromQuery, validateUpdate } from '../src/update-apply.js';

describe('update semantics', () => {
  const base = { _id: 1, a: { b: 1 }, list: [1, 2, 3], n: 5 };

  it('never mutates the stored document', () => {
    const before = JSON.stringify(base);
    const { doc, modified } = applyUpdate(base, { $set: { 'a.c': 2 }, $push: { list: 4 }, $inc: { n: 1 } });
    expect(modified).toBe(true);
    expect(doc).toEqual({ _id: 1, a: { b: 1, c: 2 }, list: [1, 2, 3, 4], n: 6 });
    expect(JSON.stringify(base)).toBe(before);
  });

  it('reports no-op updates as unmodified', () => {
    expect(applyUpdate(base, { $set: { n: 5 } }).modified).toBe(false);
    expect(applyUpdate(base, { $addToSet: { list: 2 } }).modified).toBe(false);
    expect(applyUpdate(base, { _id: 1, a: { b: 1 }, list: [1, 2, 3], n: 5 }).modified).toBe(false);
  });

  it('keeps _id immutable for operator, replacement and pipeline updates', () => {
    expect(() => applyUpdate(base, { $set: { _id: 2 } })).toThrow(expect.objectContaining({ code: 66 }));
    expect(() => applyUpdate(base, { _id: 2, x: 1 })).toThrow(expect.objectContaining({ code: 66 }));
    expect(applyUpdate(base, { x: 1 }).doc).toEqual({ _id: 1, x: 1 });
    expect(applyUpdate(base, [{ $set: { m: { $add: ['$n', 1] } } }, { $unset: 'list' }]).doc).toEqual({ _id: 1, a: { b: 1 }, n: 5, m: 6 });
  });

  it('rejects unknown and mixed modifiers', () => {
    expect(() => validateUpdate({ $nope: { a: 1 } })).toThrow(expect.objectContaining({ code: 9 }));
    expect(() => validateUpdate({ $set: { a: 1 }, b: 2 })).toThrow(expect.objectContaining({ code: 9 }));
  });

  it('seeds upserts from equality conditions only', () => {
    expect(seedFromQuery({ a: 1, 'b.c': 'x', d: { $gt: 1 }, e: { $eq: 3 }, $and: [{ f: true }], $or: [{ g: 1 }], r: /x/ })).toEqual({
      a: 1,
      b: { c: 'x' },
      e: 3,
      f: true,
    });
  });

  it('builds upsert documents with _id first and $setOnInsert applied', () => {
    const doc = buildUpsert({ email: 'a' }, { $set: { name: 'A' }, $setOnInsert: { createdAt: 1 } });
    expect(Object.keys(doc)).toEqual(['_id', 'email', 'name', 'createdAt']);
    expect(doc._id).toBeInstanceOf(ObjectId);
    expect(buildUpsert({ _id: 'fixed', k: 1 }, { $inc: { n: 1 } })).toEqual({ _id: 'fixed', k: 1, n: 1 });
    expect(buildUpsert({ _id: 'q' }, { v: 1 })).toEqual({ _id: 'q', v: 1 });
    expect(applyUpdate(base, { $setOnInsert: { z: 1 } }).modified).toBe(false);
  });
});
