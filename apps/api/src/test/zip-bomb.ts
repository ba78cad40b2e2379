import { constants, deflateRawSync } from 'node:zlib';

/**
 * Hostile archives for tests and the bench, built by hand: a zip whose entry is a long run of one
 * character costs about 1 KB per inflated MB. Raw deflate segments ending on a sync flush concatenate
 * into one valid stream, so 400 MB are produced without ever holding them.
 */
export type BombEntry = { name: string; head?: string; fillBytes?: number; tail?: string; declaredSize?: number };

const sync = (data: Buffer) => deflateRawSync(data, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });

function deflateEntry({ head = '', fillBytes = 0, tail = '' }: BombEntry): { data: Buffer; size: number } {
  const parts = [sync(Buffer.from(head))];
  const mb = 1024 * 1024;
  const chunk = sync(Buffer.alloc(mb, 0x20));
  for (let left = fillBytes; left > 0; left -= mb) parts.push(left >= mb ? chunk : sync(Buffer.alloc(left, 0x20)));
  parts.push(deflateRawSync(Buffer.from(tail), { level: 9 }));
  return { data: Buffer.concat(parts), size: Buffer.byteLength(head) + fillBytes + Buffer.byteLength(tail) };
}

/** A zip of these entries; `declaredSize` makes an entry lie about its uncompressed size. CRCs are left 0. */
export function buildZip(entries: BombEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const { data, size } = deflateEntry(entry);
    const declared = entry.declaredSize ?? size;
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * An .xlsx whose one sheet has a header row and then `fillBytes` of blank space: what Excel would open
 * as a short list, and what unpacks to hundreds of megabytes. `lie` declares only 64 KB for the sheet.
 */
export function buildXlsxBomb({ fillBytes, lie = false }: { fillBytes: number; lie?: boolean }): Buffer {
  const header = '<row r="1"><c r="A1" t="inlineStr"><is><t>First name</t></is></c><c r="B1" t="inlineStr"><is><t>Last name</t></is></c><c r="C1" t="inlineStr"><is><t>Email</t></is></c></row>';
  const row2 = '<row r="2"><c r="A2" t="inlineStr"><is><t>Bo</t></is></c><c r="B2" t="inlineStr"><is><t>Bomb</t></is></c><c r="C2" t="inlineStr"><is><t>bomb@acme.test</t></is></c></row>';
  return buildZip([
    { name: '[Content_Types].xml', head: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>' },
    { name: '_rels/.rels', head: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>` },
    { name: 'xl/workbook.xml', head: `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="Users" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    { name: 'xl/_rels/workbook.xml.rels', head: `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>` },
    {
      name: 'xl/worksheets/sheet1.xml',
      head: `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}"><sheetData>${header}`,
      fillBytes,
      tail: `${row2}</sheetData></worksheet>`,
      declaredSize: lie ? 64 * 1024 : undefined,
    },
  ]);
}
