import ExcelJS from 'exceljs';
import { Readable, Writable } from 'node:stream';
import { AppError } from './app-error';
import { ArchiveRefused, archiveUploadError, checkArchive, reorderedZipStream, type ArchiveLimits } from './archive-guard';

/**
 * Reading an uploaded spreadsheet (.xlsx or .csv) for an import: the first sheet's header row and data
 * rows, every cell as text. A workbook goes through the archive guard before anything is parsed and is
 * streamed, never held whole; reading stops at the first row past the cap.
 */
export type SheetRows = { header: string[]; rows: { number: number; cells: string[] }[] };

export type SheetReadOptions = {
  maxRows: number;
  tooManyRows: () => AppError;
  archiveLimits: ArchiveLimits;
  unreadableMessage: string;
};

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value as unknown;
  if (v == null) return '';
  if (typeof v === 'object' && v !== null && 'text' in v) return String((v as { text: unknown }).text ?? '').trim();
  if (typeof v === 'object' && v !== null && 'result' in v) return String((v as { result: unknown }).result ?? '').trim();
  if (typeof v === 'object' && v !== null && 'richText' in v) return ((v as { richText: { text: string }[] }).richText ?? []).map((r) => r.text).join('').trim();
  if (v instanceof Date) return v.toISOString();
  return String(cell.text ?? v).trim();
}

function rowCells(row: ExcelJS.Row): string[] {
  const cells: string[] = [];
  row.eachCell((cell, col) => (cells[col] = cellText(cell)));
  return cells;
}

export async function readSheetRows(file: Buffer, contentType: string, opts: SheetReadOptions): Promise<SheetRows> {
  const isZip = file.length > 3 && file[0] === 0x50 && file[1] === 0x4b;
  const result: SheetRows = { header: [], rows: [] };
  const take = (number: number, cells: string[]) => {
    if (number === 1) result.header = cells;
    else if (number - 1 > opts.maxRows) throw opts.tooManyRows();
    else result.rows.push({ number, cells });
  };
  try {
    if (isZip) {
      const entries = await checkArchive(file, opts.archiveLimits).catch((error: unknown) => {
        throw error instanceof ArchiveRefused ? archiveUploadError(error, { what: 'The workbook', limits: opts.archiveLimits, unreadableMessage: opts.unreadableMessage }) : error;
      });
      // Shared strings and the workbook's parts first, so the sheet streams straight through.
      const input = reorderedZipStream(file, entries, (name) => !/^xl\/worksheets\/sheet\d+\.xml$/.test(name));
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'ignore', worksheets: 'emit', entries: 'ignore' });
      for await (const sheet of reader) {
        for await (const row of sheet as AsyncIterable<ExcelJS.Row>) take(row.number, rowCells(row));
        break; // the first sheet only
      }
    } else if (/csv|text|octet-stream|ms-excel/.test(contentType)) {
      const workbook = new ExcelJS.Workbook();
      // A .csv is plain text capped at the upload size: read whole, then held to the same cap.
      // Every cell as the text it is: no guessing of numbers or dates ("0201234567" keeps its zero).
      const sheet = await workbook.csv.read(Readable.from(file.toString('utf8').replace(/^\uFEFF/, '')), { map: (value: unknown) => value });
      sheet.eachRow((row, number) => take(number, rowCells(row)));
    } else {
      throw new Error('unknown type');
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw AppError.badRequest(opts.unreadableMessage);
  }
  if (result.rows.length === 0) throw AppError.badRequest('The file has no rows below the header row.');
  return result;
}

/**
 * A writable stream that keeps what is written, for a streamed workbook (ExcelJS's WorkbookWriter) whose file
 * is stored whole: `buffer()` answers once the stream has finished.
 */
export function bufferSink(): { out: Writable; buffer(): Promise<Buffer> } {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const finished = new Promise<void>((resolve, reject) => out.once('finish', resolve).once('error', reject));
  return { out, buffer: async () => (await finished, Buffer.concat(chunks)) };
}
