import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { buildZip } from '../test/zip-bomb';
import { ArchiveRefused, checkArchive, readZipDirectory } from './archive-guard';

const limits = { maxEntries: 10, maxEntryBytes: 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024 };
const problemOf = async (buf: Buffer) => checkArchive(buf, limits).then(() => null, (e: unknown) => (e instanceof ArchiveRefused ? e.problem : e));

describe('archive guard', () => {
  it('passes a real workbook and lists its entries', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Users').addRow(['First name', 'Last name', 'Email']);
    const entries = await checkArchive(Buffer.from(await wb.xlsx.writeBuffer()), { ...limits, maxEntries: 100 });
    expect(entries.map((e) => e.name)).toContain('xl/worksheets/sheet1.xml');
  });

  it('refuses by the directory alone: too many entries, one entry too big, all of them too big together', async () => {
    const many = buildZip(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, head: 'x' })));
    expect(() => readZipDirectory(many, limits)).toThrow(expect.objectContaining({ problem: 'too_many_entries' }));
    const big = buildZip([{ name: 'a.xml', fillBytes: 1024 * 1024 + 1 }]);
    expect(() => readZipDirectory(big, limits)).toThrow(expect.objectContaining({ problem: 'too_large' }));
    const together = buildZip([0, 1, 2].map((i) => ({ name: `p${i}.xml`, fillBytes: 800 * 1024 })));
    expect(() => readZipDirectory(together, limits)).toThrow(expect.objectContaining({ problem: 'too_large' }));
  });

  it('refuses an entry that inflates past what it declares', async () => {
    expect(await problemOf(buildZip([{ name: 'a.xml', fillBytes: 50 * 1024 * 1024, declaredSize: 100 }]))).toBe('too_large');
  });

  it('refuses what is not a zip, and entries hidden from the directory', async () => {
    expect(await problemOf(Buffer.from('PK\x03\x04 not really'))).toBe('unreadable');
    // Bytes before the first listed entry: a streaming reader would meet an entry the directory never named.
    const honest = buildZip([{ name: 'a.xml', head: '<a/>' }]);
    const hidden = buildZip([{ name: 'hidden.xml', fillBytes: 4 * 1024 * 1024 }, { name: 'a.xml', head: '<a/>' }]);
    const firstCentral = hidden.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const secondCentral = hidden.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), firstCentral + 4);
    const end = hidden.subarray(hidden.length - 22);
    const onlySecond = Buffer.concat([hidden.subarray(0, firstCentral), hidden.subarray(secondCentral, hidden.length - 22), end]);
    onlySecond.writeUInt16LE(1, onlySecond.length - 22 + 8);
    onlySecond.writeUInt16LE(1, onlySecond.length - 22 + 10);
    onlySecond.writeUInt32LE(hidden.length - 22 - secondCentral, onlySecond.length - 22 + 12);
    expect(await problemOf(honest)).toBeNull();
    expect(await problemOf(onlySecond)).toBe('unreadable');
  });
});
