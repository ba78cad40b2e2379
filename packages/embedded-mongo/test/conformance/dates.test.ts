// Date expression operators, following the MongoDB 7.0 manual:
// - $dateAdd:       https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/dateAdd/
// - $dateSubtract:  https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/dateSubtract/
// - $dateDiff:      https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/dateDiff/
// - $dateTrunc:     https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/dateTrunc/
// - $week:          https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/week/
// - $isoWeek:       https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/isoWeek/
// - $isoWeekYear:   https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/isoWeekYear/
// - $dateToParts:   https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/dateToParts/
// - $dateFromParts: https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/dateFromParts/
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTarget, dbName, type Target } from './connect.js';

describe('date operators (manual: $dateAdd, $dateDiff, $dateTrunc, $week, $dateToParts, $dateFromParts)', () => {
  let t: Target;
  let db: Db;
  beforeAll(async () => {
    t = await connectTarget();
    db = t.client.db(dbName('dates'));
    await db.dropDatabase();
    await db.collection('one').insertOne({ _id: 1 } as never);
  });
  afterAll(async () => {
    await db.dropDatabase();
    await t.close();
  });

  /** Evaluates one expression on a single document. */
  async function ev(expr: object): Promise<unknown> {
    const [d] = await db.collection('one').aggregate([{ $project: { _id: 0, r: expr } }]).toArray();
    return d.r;
  }
  const D = (s: string) => new Date(s);

  describe('$dateAdd / $dateSubtract', () => {
    it('adding a month to the 31st ends on the last day of the shorter month ($dateAdd: Behavior)', async () => {
      expect(await ev({ $dateAdd: { startDate: D('2021-01-31T10:00:00Z'), unit: 'month', amount: 1 } })).toEqual(D('2021-02-28T10:00:00Z'));
      expect(await ev({ $dateAdd: { startDate: D('2024-01-31T10:00:00Z'), unit: 'month', amount: 1 } })).toEqual(D('2024-02-29T10:00:00Z'));
      expect(await ev({ $dateAdd: { startDate: D('2024-02-29T00:00:00Z'), unit: 'year', amount: 1 } })).toEqual(D('2025-02-28T00:00:00Z'));
      expect(await ev({ $dateAdd: { startDate: D('2024-11-30T00:00:00Z'), unit: 'quarter', amount: 1 } })).toEqual(D('2025-02-28T00:00:00Z'));
      expect(await ev({ $dateSubtract: { startDate: D('2024-03-31T10:00:00Z'), unit: 'month', amount: 1 } })).toEqual(D('2024-02-29T10:00:00Z'));
    });

    it('a day in a time zone keeps the wall-clock time across a DST change, 24 hours do not ($dateAdd: Adjust for Daylight Savings Time)', async () => {
      // 2021-03-13T12:00Z is 07:00 EST; the clocks move forward on 2021-03-14 in New York.
      const start = D('2021-03-13T12:00:00Z');
      expect(await ev({ $dateAdd: { startDate: start, unit: 'day', amount: 1, timezone: 'America/New_York' } })).toEqual(D('2021-03-14T11:00:00Z'));
      expect(await ev({ $dateAdd: { startDate: start, unit: 'hour', amount: 24, timezone: 'America/New_York' } })).toEqual(D('2021-03-14T12:00:00Z'));
      expect(await ev({ $dateAdd: { startDate: start, unit: 'day', amount: 1 } })).toEqual(D('2021-03-14T12:00:00Z'));
      expect(await ev({ $dateSubtract: { startDate: D('2021-03-14T11:00:00Z'), unit: 'day', amount: 1, timezone: 'America/New_York' } })).toEqual(start);
    });

    it('null arguments give null', async () => {
      expect(await ev({ $dateAdd: { startDate: null, unit: 'day', amount: 1 } })).toBeNull();
    });
  });

  it('the same operators work in an update pipeline (update: Update with Aggregation Pipeline)', async () => {
    const c = db.collection('renewals');
    await c.insertOne({ _id: 1, due: D('2023-01-31T09:00:00Z') } as never);
    await c.updateOne({ _id: 1 } as never, [{ $set: { due: { $dateAdd: { startDate: '$due', unit: 'month', amount: 1 } } } }]);
    expect((await c.findOne({ _id: 1 } as never))?.due).toEqual(D('2023-02-28T09:00:00Z'));
  });

  it('and in a query $expr, in find and in a $match stage ($expr)', async () => {
    const c = db.collection('due');
    await c.insertMany([
      { _id: 1, start: D('2024-03-31T00:00:00Z'), end: D('2024-02-29T00:00:00Z') },
      { _id: 2, start: D('2024-03-31T00:00:00Z'), end: D('2024-03-02T00:00:00Z') },
    ] as never[]);
    const expr = { $eq: ['$end', { $dateSubtract: { startDate: '$start', unit: 'month', amount: 1 } }] };
    expect((await c.find({ $expr: expr }).toArray()).map((d) => d._id)).toEqual([1]);
    expect((await c.aggregate([{ $project: { start: 1, end: 1 } }, { $match: { $expr: expr } }]).toArray()).map((d) => d._id)).toEqual([1]);
  });

  describe('$dateDiff', () => {
    it('counts unit boundaries passed, not elapsed whole units ($dateDiff: Behavior)', async () => {
      expect(await ev({ $dateDiff: { startDate: D('2020-12-31T23:00:00Z'), endDate: D('2021-01-01T01:00:00Z'), unit: 'year' } })).toBe(1);
      expect(await ev({ $dateDiff: { startDate: D('2024-01-31T00:00:00Z'), endDate: D('2024-02-01T00:00:00Z'), unit: 'month' } })).toBe(1);
      expect(await ev({ $dateDiff: { startDate: D('2024-01-01T00:00:00Z'), endDate: D('2024-12-31T00:00:00Z'), unit: 'quarter' } })).toBe(3);
      expect(await ev({ $dateDiff: { startDate: D('2024-03-01T23:59:00Z'), endDate: D('2024-03-02T00:01:00Z'), unit: 'day' } })).toBe(1);
      expect(await ev({ $dateDiff: { startDate: D('2024-03-02T00:01:00Z'), endDate: D('2024-03-01T23:59:00Z'), unit: 'day' } })).toBe(-1);
      expect(await ev({ $dateDiff: { startDate: D('2024-03-01T10:59:00Z'), endDate: D('2024-03-01T11:00:00Z'), unit: 'hour' } })).toBe(1);
    });

    it('weeks start on Sunday unless startOfWeek says otherwise ($dateDiff: Use startOfWeek)', async () => {
      // 2024-03-09 is a Saturday, 2024-03-10 a Sunday, 2024-03-11 a Monday.
      const diff = (end: string, startOfWeek?: string) =>
        ev({ $dateDiff: { startDate: D('2024-03-09T12:00:00Z'), endDate: D(end), unit: 'week', ...(startOfWeek ? { startOfWeek } : {}) } });
      expect(await diff('2024-03-10T12:00:00Z')).toBe(1);
      expect(await diff('2024-03-10T12:00:00Z', 'monday')).toBe(0);
      expect(await diff('2024-03-11T12:00:00Z', 'monday')).toBe(1);
      expect(await diff('2024-03-11T12:00:00Z', 'sun')).toBe(1);
      expect(await diff('2024-03-16T12:00:00Z', 'saturday')).toBe(1);
    });

    it('days are counted in the time zone', async () => {
      // 03:00Z on 2024-03-02 is still 2024-03-01 in New York.
      const a = { startDate: D('2024-03-01T12:00:00Z'), endDate: D('2024-03-02T03:00:00Z'), unit: 'day' };
      expect(await ev({ $dateDiff: a })).toBe(1);
      expect(await ev({ $dateDiff: { ...a, timezone: 'America/New_York' } })).toBe(0);
    });
  });

  describe('$dateTrunc', () => {
    const date = D('2024-03-10T06:30:00Z'); // a Sunday; 01:30 EST in New York

    it('truncates to calendar units, with binSize counted from 2000-01-01 ($dateTrunc: Behavior)', async () => {
      expect(await ev({ $dateTrunc: { date, unit: 'quarter' } })).toEqual(D('2024-01-01T00:00:00Z'));
      expect(await ev({ $dateTrunc: { date, unit: 'month', binSize: 5 } })).toEqual(D('2024-03-01T00:00:00Z'));
      expect(await ev({ $dateTrunc: { date, unit: 'month', binSize: 7 } })).toEqual(D('2023-12-01T00:00:00Z'));
      expect(await ev({ $dateTrunc: { date, unit: 'year', binSize: 3 } })).toEqual(D('2024-01-01T00:00:00Z'));
      expect(await ev({ $dateTrunc: { date, unit: 'hour', binSize: 4 } })).toEqual(D('2024-03-10T04:00:00Z'));
    });

    it('weeks start on startOfWeek (default Sunday)', async () => {
      expect(await ev({ $dateTrunc: { date, unit: 'week' } })).toEqual(D('2024-03-10T00:00:00Z'));
      expect(await ev({ $dateTrunc: { date, unit: 'week', startOfWeek: 'monday' } })).toEqual(D('2024-03-04T00:00:00Z'));
    });

    it('truncates in the time zone (Olson name or offset)', async () => {
      expect(await ev({ $dateTrunc: { date, unit: 'day', timezone: 'America/New_York' } })).toEqual(D('2024-03-10T05:00:00Z'));
      expect(await ev({ $dateTrunc: { date, unit: 'day', timezone: '+05:30' } })).toEqual(D('2024-03-09T18:30:00Z'));
      expect(await ev({ $dateTrunc: { date, unit: 'hour', binSize: 6, timezone: '+05:30' } })).toEqual(D('2024-03-10T06:30:00Z'));
    });

    it('an unknown time zone fails with 40485', async () => {
      await expect(ev({ $dateTrunc: { date, unit: 'day', timezone: 'Mars/Olympus' } })).rejects.toMatchObject({ code: 40485 });
    });
  });

  describe('$week and $isoWeek', () => {
    it('$week numbers Sunday weeks, days before the first Sunday are week 0 ($week: Behavior)', async () => {
      expect(await ev({ $week: D('2022-01-01T00:00:00Z') })).toBe(0); // a Saturday
      expect(await ev({ $week: D('2022-01-02T00:00:00Z') })).toBe(1); // the first Sunday
      expect(await ev({ $week: D('2024-03-10T06:30:00Z') })).toBe(10);
      expect(await ev({ $week: D('2024-12-31T12:00:00Z') })).toBe(52);
      expect(await ev({ $week: { date: D('2022-01-02T03:00:00Z'), timezone: 'America/New_York' } })).toBe(0);
    });

    it('$isoWeek follows ISO 8601 ($isoWeek: Example)', async () => {
      expect(await ev({ $isoWeek: D('2022-01-01T00:00:00Z') })).toBe(52);
      expect(await ev({ $isoWeek: D('2021-01-04T00:00:00Z') })).toBe(1);
      expect(await ev({ $isoWeek: D('2020-12-31T00:00:00Z') })).toBe(53);
      expect(await ev({ $isoWeek: { date: D('2021-01-04T03:00:00Z'), timezone: 'America/New_York' } })).toBe(53);
      // https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/isoWeekYear/
      expect(await ev({ $isoWeekYear: D('2021-01-02T12:00:00Z') })).toBe(2020);
      expect(await ev({ $isoWeekYear: { date: D('2021-01-01T12:00:00Z'), timezone: '+14:00' } })).toBe(2020);
      expect(await ev({ $isoWeekYear: D('2024-12-30T00:00:00Z') })).toBe(2025);
    });
  });

  describe('$dateToParts and $dateFromParts', () => {
    it('$dateToParts gives the parts in order, in a time zone, and in ISO form ($dateToParts: Example)', async () => {
      const date = D('2017-01-01T01:29:09.123Z');
      const parts = (await ev({ $dateToParts: { date } })) as object;
      expect(Object.entries(parts)).toEqual([
        ['year', 2017],
        ['month', 1],
        ['day', 1],
        ['hour', 1],
        ['minute', 29],
        ['second', 9],
        ['millisecond', 123],
      ]);
      expect(await ev({ $dateToParts: { date, timezone: 'America/New_York' } })).toEqual({
        year: 2016,
        month: 12,
        day: 31,
        hour: 20,
        minute: 29,
        second: 9,
        millisecond: 123,
      });
      const iso = (await ev({ $dateToParts: { date, iso8601: true } })) as object;
      expect(Object.entries(iso)).toEqual([
        ['isoWeekYear', 2016],
        ['isoWeek', 52],
        ['isoDayOfWeek', 7],
        ['hour', 1],
        ['minute', 29],
        ['second', 9],
        ['millisecond', 123],
      ]);
      expect(await ev({ $dateToParts: { date, timezone: '+04:30' } })).toMatchObject({ day: 1, hour: 5, minute: 59 });
    });

    it('$dateFromParts defaults month and day to 1 and carries values out of range ($dateFromParts: Value Range)', async () => {
      expect(await ev({ $dateFromParts: { year: 2017, month: 2, day: 8, hour: 12 } })).toEqual(D('2017-02-08T12:00:00Z'));
      expect(await ev({ $dateFromParts: { year: 2024 } })).toEqual(D('2024-01-01T00:00:00Z'));
      expect(await ev({ $dateFromParts: { year: 2024, timezone: '+0100' } })).toEqual(D('2023-12-31T23:00:00Z'));
      expect(await ev({ $dateFromParts: { year: 2017, month: 14, day: 1 } })).toEqual(D('2018-02-01T00:00:00Z'));
      expect(await ev({ $dateFromParts: { year: 2017, month: 0, day: 1 } })).toEqual(D('2016-12-01T00:00:00Z'));
      expect(await ev({ $dateFromParts: { year: 2024, month: 2, day: 30, hour: -1 } })).toEqual(D('2024-02-29T23:00:00Z'));
    });

    it('$dateFromParts in a time zone follows its DST offset', async () => {
      // 2024-03-10 03:00 is EDT (UTC-4) in New York, 01:00 that day still EST (UTC-5).
      expect(await ev({ $dateFromParts: { year: 2024, month: 3, day: 10, hour: 3, timezone: 'America/New_York' } })).toEqual(D('2024-03-10T07:00:00Z'));
      expect(await ev({ $dateFromParts: { year: 2024, month: 3, day: 10, hour: 1, timezone: 'America/New_York' } })).toEqual(D('2024-03-10T06:00:00Z'));
      expect(await ev({ $dateFromParts: { year: 2017, month: 2, day: 8, hour: 12, timezone: '-05:00' } })).toEqual(D('2017-02-08T17:00:00Z'));
    });

    it('$dateFromParts with ISO week date parts ($dateFromParts: Example)', async () => {
      expect(await ev({ $dateFromParts: { isoWeekYear: 2017, isoWeek: 6, isoDayOfWeek: 3, hour: 12 } })).toEqual(D('2017-02-08T12:00:00Z'));
      expect(await ev({ $dateFromParts: { isoWeekYear: 2021 } })).toEqual(D('2021-01-04T00:00:00Z'));
    });
  });
});
