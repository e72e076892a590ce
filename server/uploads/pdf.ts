/**
 * A prospectus PDF, checked before it is stored: it starts as a PDF does (`%PDF-`, first bytes)
 * and ends as one (`%%EOF` in its last kilobyte), and carries no script or automatic action
 * (`/JavaScript`, `/JS`, `/OpenAction`, `/Launch`, `/AA`, `/EmbeddedFile`, `/RichMedia`,
 * `/XFA`): a prospectus needs none, and a PDF viewer that runs them runs them on a parent's phone.
 * The check reads the file's bytes as written; a name hidden inside a compressed object stream
 * is not seen, which is why the file is also served with a sandboxing policy and never as a page
 * (server/routes/media.ts).
 */
export class PdfRefused extends Error {}

const ACTIVE = /\/(JavaScript|JS|OpenAction|Launch|AA|EmbeddedFile|RichMedia|XFA)(?![A-Za-z0-9])/;
/** A name may be written with #xx escapes (/J#61vaScript is /JavaScript): read them first. */
const HEX_ESCAPE = /#([0-9a-fA-F]{2})/g;

export function checkPdf(bytes: Buffer): void {
  if (!bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
    throw new PdfRefused(
      'This file is not a PDF (it does not start as one). Export the prospectus as a PDF and send that.',
    );
  }
  if (!bytes.subarray(-1024).toString('latin1').includes('%%EOF')) {
    throw new PdfRefused('This PDF is incomplete (it does not end as a PDF does). Export it again and send that.');
  }
  const text = bytes.toString('latin1').replace(HEX_ESCAPE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const active = ACTIVE.exec(text);
  if (active) {
    throw new PdfRefused(
      `This PDF contains ${active[1] === 'JS' || active[1] === 'JavaScript' ? 'JavaScript' : `an automatic action (/${active[1]})`}, which a prospectus does not need. Export it again as a plain PDF (File → Export as PDF) and send that.`,
    );
  }
}
