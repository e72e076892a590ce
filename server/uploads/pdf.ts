/**
 * A prospectus PDF, checked before it is stored: it starts as a PDF does (`%PDF-`, first bytes)
 * and ends as one (`%%EOF` in its last kilobyte), it parses as a PDF, and it carries no script or
 * automatic action (`/JavaScript`, `/JS`, `/OpenAction`, `/Launch`, `/AA`, `/EmbeddedFile`,
 * `/RichMedia`, `/XFA`): a prospectus needs none, and a PDF viewer that runs them runs them on a
 * parent's phone. The names are looked for in the bytes as written and again in the file as qpdf
 * rewrites it with every object stream and stream opened (a name hidden in a compressed object
 * stream is seen there); a file qpdf cannot read is refused. The file is also served with a
 * sandboxing policy and never as a page (server/routes/public/media.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class PdfRefused extends Error {}
/** qpdf cannot be run on this server: no PDF can be checked until it is installed. */
export class PdfUnchecked extends Error {}

const ACTIVE = /\/(JavaScript|JS|OpenAction|Launch|AA|EmbeddedFile|RichMedia|XFA)(?![A-Za-z0-9])/;
/** A name may be written with #xx escapes (/J#61vaScript is /JavaScript): read them first. */
const HEX_ESCAPE = /#([0-9a-fA-F]{2})/g;
/** qpdf's exit status for a file it could not read (3 is warnings only: the file was read). */
const QPDF_ERRORS = 2;
const QPDF_TIMEOUT_MS = 30_000;

function refuseActive(bytes: Buffer) {
  const text = bytes.toString('latin1').replace(HEX_ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const active = ACTIVE.exec(text);
  if (active) {
    throw new PdfRefused(
      `This PDF contains ${active[1] === 'JS' || active[1] === 'JavaScript' ? 'JavaScript' : `an automatic action (/${active[1]})`}, which a prospectus does not need. Export it again as a plain PDF (File → Export as PDF) and send that.`,
    );
  }
}

/** The file as qpdf writes it with its object streams and streams opened; refused when qpdf cannot read it. */
async function opened(bytes: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'prospectus-'));
  try {
    await writeFile(join(dir, 'sent.pdf'), bytes);
    const status = await new Promise<number>((resolve, reject) =>
      execFile(
        'qpdf',
        ['--object-streams=disable', '--decode-level=generalized', '--stream-data=uncompress', 'sent.pdf', 'open.pdf'],
        { cwd: dir, timeout: QPDF_TIMEOUT_MS },
        (error) => {
          if (!error) return resolve(0);
          if ((error as NodeJS.ErrnoException).code === 'ENOENT')
            return reject(
              new PdfUnchecked('qpdf is not installed on this server (bash scripts/ensure-system.sh pdf).'),
            );
          if (typeof error.code === 'number') return resolve(error.code);
          reject(error);
        },
      ),
    );
    if (status === QPDF_ERRORS)
      throw new PdfRefused(
        'This PDF is damaged: it cannot be read as a PDF. Export the prospectus again and send that.',
      );
    return await readFile(join(dir, 'open.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function checkPdf(bytes: Buffer): Promise<void> {
  if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
    throw new PdfRefused(
      'This file is not a PDF (it does not start as one). Export the prospectus as a PDF and send that.',
    );
  }
  if (!bytes.subarray(-1024).toString('latin1').includes('%%EOF')) {
    throw new PdfRefused('This PDF is incomplete (it does not end as a PDF does). Export it again and send that.');
  }
  refuseActive(bytes);
  refuseActive(await opened(bytes));
}
