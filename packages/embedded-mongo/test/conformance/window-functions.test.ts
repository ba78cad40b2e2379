// Window functions and $fill, following the MongoDB 7.0 manual:
// - $setWindowFields: https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/setWindowFields/
// - $rank / $denseRank / $documentNumber / $shift / $expMovingAvg / $derivative / $integral / $locf / $linearFill:
//   https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/<name>/
// - $fill: https://www.mongodb.com/docs/v7.0/reference/operator/aggregation/fill/
// The data set is the manual's cakeSales example.
import type { Collection, Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTarget, dbName, type AnyDoc, type Target } from './connect.js';

const cakeSales = [
  { _id: 0, type: 'chocolate', orderDate: new Date('2020-05-18T14:10:30Z'), state: 'CA', price: 13, quantity: 120 },
  { _id: 1, type: 'chocolate', orderDate: new Date('2021-03-20T11:30:05Z'), state: 'WA', price: 14, quantity: 140 },
  { _id: 2, type: 'vanilla', orderDate: new Date('2021-01-11T06:31:15Z'), state: 'CA', price: 12, quantity: 145 },
  { _id: 3, type: 'vanilla', orderDate: new Date('2020-02-08T13:13:23Z'), state: 'WA', price: 13, quantity: 104 },
  { _id: 4, type: 'strawberry', orderDate: new Date('2019-05-18T16:09:01Z'), state: 'CA', price: 41, quantity: 162 },
  { _id: 5, type: 'strawberry', orderDate: new Date('2019-01-08T06:12:03Z'), state: 'WA', price: 43, quantity: 134 },
];

describe('window functions (manual: $setWindowFields, $fill)', () => {
  let t: Target;
  let db: Db;
  let cakes: Collection<AnyDoc>;
  beforeAll(async () => {
    t = await connectTarget();
    db = t.client.db(dbName('window'));
    await db.dropDatabase();
    cakes = db.collection<AnyDoc>('cakeSales');
    await cakes.insertMany(cakeSales);
  });
  afterAll(async () => {
    await db.dropDatabase();
    await t.close();
  });

  /** Runs one $setWindowFields and returns { _id: [output fields...] }, independent of output order. */
  async function byId(stage: object, fields: string[]) {
    const docs = await cakes.aggregate([{ $setWindowFields: stage }]).toArray();
    return Object.fromEntries(docs.map((d) => [d._id, fields.map((f) => d[f])]));
  }

  it('running $sum by state, documents window unbounded..current ($setWindowFields: Use Documents Window to Obtain Cumulative Quantity for Each State)', async () => {
    const r = await byId(
      { partitionBy: '$state', sortBy: { orderDate: 1 }, output: { cum: { $sum: '$quantity', window: { documents: ['unbounded', 'current'] } } } },
      ['cum'],
    );
    expect(r).toEqual({ 4: [162], 0: [282], 2: [427], 5: [134], 3: [238], 1: [378] });
  });

  it('$avg over a moving documents window [-1, 0] and over the whole partition without a window', async () => {
    const r = await byId(
      {
        partitionBy: '$state',
        sortBy: { orderDate: 1 },
        output: { avg: { $avg: '$quantity', window: { documents: [-1, 0] } }, total: { $sum: '$quantity' } },
      },
      ['avg', 'total'],
    );
    expect(r).toEqual({ 4: [162, 427], 0: [141, 427], 2: [132.5, 427], 5: [134, 378], 3: [119, 378], 1: [122, 378] });
  });

  it('documents are grouped per partition and sorted by sortBy within it', async () => {
    const docs = await cakes.aggregate([{ $setWindowFields: { partitionBy: '$state', sortBy: { orderDate: 1 }, output: { n: { $documentNumber: {} } } } }]).toArray();
    const ca = docs.filter((d) => d.state === 'CA').map((d) => d._id);
    const wa = docs.filter((d) => d.state === 'WA').map((d) => d._id);
    expect(ca).toEqual([4, 0, 2]);
    expect(wa).toEqual([5, 3, 1]);
  });

  it('$min, $max and $count over windows ($min / $max / $count: window operator)', async () => {
    const r = await byId(
      {
        partitionBy: '$state',
        sortBy: { orderDate: 1 },
        output: {
          lo: { $min: '$quantity', window: { documents: ['unbounded', 'current'] } },
          hi: { $max: '$quantity', window: { documents: [-1, 1] } },
          n: { $count: {}, window: { documents: ['unbounded', 'current'] } },
        },
      },
      ['lo', 'hi', 'n'],
    );
    expect(r).toEqual({ 4: [162, 162, 1], 0: [120, 162, 2], 2: [120, 145, 3], 5: [134, 134, 1], 3: [104, 140, 2], 1: [104, 140, 3] });
  });

  it('range window on a number: quantities of orders within 10 of the price ($setWindowFields: Use a Range Window)', async () => {
    const r = await byId(
      { partitionBy: '$state', sortBy: { price: 1 }, output: { near: { $sum: '$quantity', window: { range: [-10, 10] } } } },
      ['near'],
    );
    expect(r).toEqual({ 2: [265], 0: [265], 4: [162], 3: [244], 1: [244], 5: [134] });
  });

  it('range window on a date with unit month ($setWindowFields: Use a Time Range Window with a Positive Upper Bound)', async () => {
    const r = await byId(
      {
        partitionBy: '$state',
        sortBy: { orderDate: 1 },
        output: { recent: { $sum: '$quantity', window: { range: ['unbounded', 10], unit: 'month' } } },
      },
      ['recent'],
    );
    expect(r).toEqual({ 4: [162], 0: [427], 2: [427], 5: [134], 3: [238], 1: [378] });
  });

  it('range window of the previous 12 months with a negative bound', async () => {
    const r = await byId(
      { partitionBy: '$state', sortBy: { orderDate: 1 }, output: { y: { $sum: '$quantity', window: { range: [-12, 0], unit: 'month' } } } },
      ['y'],
    );
    // CA: 2019-05-18, 2020-05-18 (exactly 12 months later: included), 2021-01-11 (2020-05-18 is within 12 months)
    expect(r).toEqual({ 4: [162], 0: [282], 2: [265], 5: [134], 3: [104], 1: [140] });
  });

  it('$rank, $denseRank and $documentNumber with ties ($rank: Behavior)', async () => {
    const docs = await cakes
      .aggregate([
        { $setWindowFields: { sortBy: { price: 1 }, output: { r: { $rank: {} }, d: { $denseRank: {} }, n: { $documentNumber: {} } } } },
        { $project: { price: 1, r: 1, d: 1, n: 1 } },
      ])
      .toArray();
    expect(docs.map((d) => [d.price, d.r, d.d, d.n])).toEqual([
      [12, 1, 1, 1],
      [13, 2, 2, 2],
      [13, 2, 2, 3],
      [14, 4, 3, 4],
      [41, 5, 4, 5],
      [43, 6, 5, 6],
    ]);
  });

  it('$shift with by and default ($shift: Use a Positive Integer to Shift Forward)', async () => {
    const r = await byId(
      { partitionBy: '$state', sortBy: { quantity: -1 }, output: { next: { $shift: { output: '$quantity', by: 1, default: 'Not available' } } } },
      ['next'],
    );
    expect(r).toEqual({ 4: [145], 2: [120], 0: ['Not available'], 1: [134], 5: [104], 3: ['Not available'] });
  });

  it('$first and $last over a window ($first / $last: window operator)', async () => {
    const r = await byId(
      {
        partitionBy: '$state',
        sortBy: { orderDate: 1 },
        output: {
          first: { $first: '$type', window: { documents: [-1, 0] } },
          last: { $last: '$type', window: { documents: ['current', 'unbounded'] } },
        },
      },
      ['first', 'last'],
    );
    expect(r).toEqual({
      4: ['strawberry', 'vanilla'],
      0: ['strawberry', 'vanilla'],
      2: ['chocolate', 'vanilla'],
      5: ['strawberry', 'chocolate'],
      3: ['strawberry', 'chocolate'],
      1: ['vanilla', 'chocolate'],
    });
  });

  it('$expMovingAvg with N and with alpha ($expMovingAvg: Examples)', async () => {
    const r = await byId(
      {
        partitionBy: '$state',
        sortBy: { orderDate: 1 },
        output: { n2: { $expMovingAvg: { input: '$price', N: 2 } }, a: { $expMovingAvg: { input: '$price', alpha: 0.75 } } },
      },
      ['n2', 'a'],
    );
    expect(r[4]).toEqual([41, 41]);
    expect(r[0][0]).toBeCloseTo(13 * (2 / 3) + 41 / 3, 10);
    expect(r[0][1]).toBeCloseTo(20, 10);
    expect(r[2][1]).toBeCloseTo(12 * 0.75 + 20 * 0.25, 10);
  });

  it('$push over a window, and $setWindowFields inside $facet', async () => {
    const r = await byId({ partitionBy: '$state', sortBy: { orderDate: 1 }, output: { recent: { $push: '$_id', window: { documents: [-1, 0] } } } }, ['recent']);
    expect(r).toEqual({ 4: [[4]], 0: [[4, 0]], 2: [[0, 2]], 5: [[5]], 3: [[5, 3]], 1: [[3, 1]] });
    const [f] = await cakes
      .aggregate([
        {
          $facet: {
            ranked: [
              { $setWindowFields: { sortBy: { quantity: -1 }, output: { r: { $rank: {} } } } },
              { $match: { r: { $lte: 2 } } },
              { $project: { _id: 1, r: 1 } },
            ],
            n: [{ $count: 'n' }],
          },
        },
      ])
      .toArray();
    expect(f.ranked).toEqual([
      { _id: 4, r: 1 },
      { _id: 2, r: 2 },
    ]);
    expect(f.n).toEqual([{ n: 6 }]);
  });

  it('partitionBy and input as expressions, including a dotted path', async () => {
    const c = db.collection<AnyDoc>('nested');
    await c.insertMany([
      { _id: 1, who: { team: 'x' }, v: 1 },
      { _id: 2, who: { team: 'y' }, v: 2 },
      { _id: 3, who: { team: 'x' }, v: 3 },
    ]);
    const docs = await c
      .aggregate([
        {
          $setWindowFields: {
            partitionBy: '$who.team',
            sortBy: { _id: 1 },
            output: { s: { $sum: { $multiply: ['$v', 10] }, window: { documents: ['unbounded', 'current'] } } },
          },
        },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(docs.map((d) => d.s)).toEqual([10, 20, 40]);
  });

  it('leaves the stored documents unchanged', async () => {
    await cakes.aggregate([{ $setWindowFields: { sortBy: { _id: 1 }, output: { n: { $documentNumber: {} } } } }, { $limit: 2 }]).toArray();
    expect(await cakes.findOne({ _id: 0 })).toEqual(cakeSales[0]);
  });

  it('refuses what the manual does not allow: $rank or a bounded documents window without sortBy, a bad N', async () => {
    const run = (stage: object) => cakes.aggregate([{ $setWindowFields: stage }]).toArray();
    await expect(run({ output: { r: { $rank: {} } } })).rejects.toThrow();
    await expect(run({ output: { s: { $sum: '$quantity', window: { documents: [-1, 0] } } } })).rejects.toThrow();
    await expect(run({ sortBy: { price: 1 }, output: { e: { $expMovingAvg: { input: '$price', N: 0 } } } })).rejects.toThrow();
    await expect(run({ sortBy: { price: 1, _id: 1 }, output: { s: { $sum: '$quantity', window: { range: [-1, 1] } } } })).rejects.toThrow();
    expect(await run({ output: { s: { $sum: '$quantity', window: { documents: ['unbounded', 'unbounded'] } } } })).toHaveLength(6);
  });

  describe('$derivative and $integral (manual: deliveryFleet / powerConsumption examples)', () => {
    it('$derivative per hour over a 30-second range, $integral in kilowatt-hours', async () => {
      const c = db.collection<AnyDoc>('power');
      await c.insertMany([
        { _id: 1, powerMeterID: '1', timeStamp: new Date('2020-05-18T14:10:30Z'), kilowatts: 2.95 },
        { _id: 2, powerMeterID: '1', timeStamp: new Date('2020-05-18T14:11:00Z'), kilowatts: 2.7 },
        { _id: 3, powerMeterID: '1', timeStamp: new Date('2020-05-18T14:11:30Z'), kilowatts: 2.6 },
        { _id: 4, powerMeterID: '1', timeStamp: new Date('2020-05-18T14:12:00Z'), kilowatts: 2.98 },
      ]);
      const docs = await c
        .aggregate([
          {
            $setWindowFields: {
              partitionBy: '$powerMeterID',
              sortBy: { timeStamp: 1 },
              output: {
                kwh: { $integral: { input: '$kilowatts', unit: 'hour' }, window: { range: ['unbounded', 'current'], unit: 'hour' } },
                rate: { $derivative: { input: '$kilowatts', unit: 'hour' }, window: { range: [-30, 0], unit: 'second' } },
              },
            },
          },
        ])
        .toArray();
      const kwh = docs.map((d) => d.kwh as number);
      expect(kwh[0]).toBe(0);
      // trapezoids: (2.95 + 2.7) / 2 x 30 s, then (2.7 + 2.6) / 2 x 30 s, then (2.6 + 2.98) / 2 x 30 s, in hours
      expect(kwh[1]).toBeCloseTo(2.825 / 120, 12);
      expect(kwh[2]).toBeCloseTo((2.825 + 2.65) / 120, 12);
      expect(kwh[3]).toBeCloseTo((2.825 + 2.65 + 2.79) / 120, 12);
      expect(docs[0].rate).toBeNull();
      expect(docs[1].rate as number).toBeCloseTo(-30, 10); // (2.7 - 2.95) kW per 30 s = -30 kW/h
      expect(docs[3].rate as number).toBeCloseTo(45.6, 10);
    });
  });

  describe('$fill (manual: $fill examples)', () => {
    let stock: Collection<AnyDoc>;
    beforeAll(async () => {
      stock = db.collection<AnyDoc>('stock');
      await stock.insertMany([
        { _id: 1, time: new Date('2021-03-08T09:00:00Z'), price: 500 },
        { _id: 2, time: new Date('2021-03-08T10:00:00Z') },
        { _id: 3, time: new Date('2021-03-08T11:00:00Z'), price: 515 },
        { _id: 4, time: new Date('2021-03-08T12:00:00Z') },
        { _id: 5, time: new Date('2021-03-08T13:00:00Z'), price: null },
        { _id: 6, time: new Date('2021-03-08T14:00:00Z'), price: 530 },
        { _id: 7, time: new Date('2021-03-08T15:00:00Z') },
      ]);
    });
    const prices = async (fill: object) => (await stock.aggregate([{ $fill: fill }, { $sort: { _id: 1 } }]).toArray()).map((d) => d.price);

    it('value fills missing and null fields with a constant (Fill Missing Field Values with a Constant Value)', async () => {
      expect(await prices({ output: { price: { value: 0 } } })).toEqual([500, 0, 515, 0, 0, 530, 0]);
    });
    it('locf carries the last observation forward (Fill Missing Field Values with the Last Observed Value)', async () => {
      expect(await prices({ sortBy: { time: 1 }, output: { price: { method: 'locf' } } })).toEqual([500, 500, 515, 515, 515, 530, 530]);
    });
    it('linear interpolates on the sortBy field and leaves trailing gaps null (Fill Missing Field Values with Linear Interpolation)', async () => {
      expect(await prices({ sortBy: { time: 1 }, output: { price: { method: 'linear' } } })).toEqual([500, 507.5, 515, 520, 525, 530, null]);
    });
    it('partitionByFields fills each partition separately', async () => {
      const c = db.collection<AnyDoc>('fillParts');
      await c.insertMany([
        { _id: 1, s: 'a', t: 1, v: 10 },
        { _id: 2, s: 'b', t: 2, v: 99 },
        { _id: 3, s: 'a', t: 3 },
        { _id: 4, s: 'b', t: 4 },
      ]);
      const docs = await c.aggregate([{ $fill: { partitionByFields: ['s'], sortBy: { t: 1 }, output: { v: { method: 'locf' } } } }, { $sort: { _id: 1 } }]).toArray();
      expect(docs.map((d) => d.v)).toEqual([10, 99, 10, 99]);
    });
  });
});
