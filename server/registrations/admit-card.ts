/**
 * The admit card (issue 27): one A4 page in the registrant's language, with the roll number
 * (and a QR code of it, scanned at the door), the event, the day and time, when to arrive,
 * where (with a map link), what to bring, and the institute's phone.
 *
 * Drawn with pdfkit, whose fontkit shapes Devanagari correctly with Noto Sans Devanagari
 * (conjuncts, reph, the pre-base ि; docs/registrations.md, "PDF"), vector text with the fonts
 * subset. A PDF holds glyphs in drawn order, so each line is wrapped here and marked with its
 * text (ActualText): copied or extracted (pdftotext), the Hindi reads as written.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Language } from '../../shared/languages';
import type { EventSession } from '../../shared/schema/events';
import { formatPhone, mapsUrl } from '../../shared/format';
import { institute } from '../../shared/institute';
import { brand, describeSession, serverWords } from '../../src/content/server-words';

const require = createRequire(import.meta.url);
/** Noto Sans Devanagari: its Latin letters serve the English card too. */
const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
};

const PRIMARY = brand.primaryText;
const TEXT = '#1f1f1f';
const SECONDARY = '#595959';
const MARGIN = 48;

export type AdmitCard = {
  language: Language;
  rollNumber: string;
  studentName: string;
  session: EventSession;
};

/** The admit card as a PDF file's bytes. */
export function admitCardPdf(card: AdmitCard): Promise<Buffer> {
  const { language, session } = card;
  const words = serverWords[language];
  const events = words.events;
  const r = events.registrant;
  const described = describeSession(session, language, events, words.address);

  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `${r.cardTitle} ${card.rollNumber}`,
      Author: words.siteName,
      Subject: events.types[session.type].name,
    },
    lang: language === 'hi' ? 'hi-IN' : 'en-IN',
    // Marked content (the ActualText of each line) wants a tagged PDF.
    tagged: true,
    displayTitle: true,
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;

  /** The words of `text` in lines that fit `lineWidth` (at the font and size set). */
  const wrap = (text: string, lineWidth: number): string[] => {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      const tried = line ? `${line} ${word}` : word;
      if (line && doc.widthOfString(tried) > lineWidth) {
        lines.push(line);
        line = word;
      } else line = tried;
    }
    if (line) lines.push(line);
    return lines;
  };

  /** Text at (x, y), wrapped to `lineWidth`, each line marked with its words; the y below it. */
  const write = (
    text: string,
    x: number,
    y: number,
    {
      font = 'regular',
      size = 12,
      color = TEXT,
      lineWidth = width,
      link,
    }: {
      font?: 'regular' | 'bold';
      size?: number;
      color?: string;
      lineWidth?: number;
      link?: string;
    } = {},
  ): number => {
    doc.font(font).fontSize(size).fillColor(color);
    let top = y;
    for (const line of wrap(text, lineWidth)) {
      doc.markContent('Span', { actual: line });
      doc.text(line, x, top, { lineBreak: false, ...(link ? { link, underline: true } : {}) });
      doc.endMarkedContent();
      top += doc.currentLineHeight(true);
    }
    return top;
  };

  // The institute, and the card's title.
  let y = write(words.siteName, MARGIN, MARGIN, { font: 'bold', size: 18, color: PRIMARY });
  y = write(`${words.address} · ${formatPhone(institute.phone)}`, MARGIN, y, { size: 10, color: SECONDARY });
  doc
    .moveTo(MARGIN, y + 8)
    .lineTo(MARGIN + width, y + 8)
    .lineWidth(1)
    .strokeColor(PRIMARY)
    .stroke();
  y += 20;
  y = write(`${r.cardTitle}: ${events.types[session.type].name}`, MARGIN, y, { font: 'bold', size: 16 });
  y += 12;

  // The roll number, large, with its QR code beside it (scanned at the door).
  const qrSize = 120;
  const qrX = MARGIN + width - qrSize;
  const qrTop = y;
  const qr = QRCode.create(card.rollNumber, { errorCorrectionLevel: 'M' });
  const cells = qr.modules.size;
  const cell = qrSize / (cells + 8);
  doc.rect(qrX, qrTop, qrSize, qrSize).fill('#ffffff');
  doc.fillColor('#000000');
  for (let row = 0; row < cells; row++) {
    for (let column = 0; column < cells; column++) {
      if (qr.modules.get(row, column)) doc.rect(qrX + (column + 4) * cell, qrTop + (row + 4) * cell, cell, cell);
    }
  }
  doc.fill('#000000');
  const textWidth = width - qrSize - 24;
  y = write(r.rollNumber, MARGIN, y, { size: 11, color: SECONDARY, lineWidth: textWidth });
  y = write(card.rollNumber, MARGIN, y, { font: 'bold', size: 28, lineWidth: textWidth });
  y += 8;
  y = write(r.student, MARGIN, y, { size: 11, color: SECONDARY, lineWidth: textWidth });
  y = write(card.studentName, MARGIN, y, { font: 'bold', size: 16, lineWidth: textWidth });
  y = Math.max(y, qrTop + qrSize) + 16;

  // When and where.
  const fact = (term: string, value: string, link?: string) => {
    y = write(term, MARGIN, y, { size: 11, color: SECONDARY });
    y = write(value, MARGIN, y, { font: 'bold', size: 13 });
    if (link) y = write(r.mapLink, MARGIN, y, { size: 11, color: PRIMARY, link });
    y += 8;
  };
  fact(r.session, `${described.day}, ${described.time}`);
  fact(described.reportByLabel, described.arriveAt);
  fact(r.venue, described.venue, session.online ? undefined : mapsUrl(serverWords.en.address));

  // What to bring.
  y += 4;
  y = write(events.ui.bringHeading, MARGIN, y, { font: 'bold', size: 13 });
  for (const line of described.bring) y = write(`•  ${line}`, MARGIN + 8, y, { size: 12 });
  y += 16;
  write(`${events.booking.callUs} ${formatPhone(institute.phone)}`, MARGIN, y, { size: 11, color: SECONDARY });

  doc.end();
  return done;
}
