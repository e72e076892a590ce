/**
 * Enrolments as Google Ads' offline conversion import reads them ("Import conversions from ad
 * clicks into Google Ads using files", https://support.google.com/google-ads/answer/7014069, its
 * CSV template for conversions from clicks):
 *
 *   Parameters:TimeZone=Asia/Kolkata
 *   Google Click ID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency
 *   Cj0KCQiA…,Enrolment,2026-11-20 15:04:05,68000,INR
 *
 * The time zone is given once, in the Parameters row, as a time zone ID (Google recommends the
 * ID over an offset); each Conversion Time is then the institute's local time in it, as
 * yyyy-MM-dd HH:mm:ss. The value is the course's fee (server/content/course-fees.ts), in INR. No other
 * column and nothing personal: Google asks for neither.
 */
import { institute } from '../../shared/institute';
import { utcOffsetMinutes } from '../../shared/institute-calendar';
import type { FeeOf } from '../content/course-fees';
import type { ClickEnrolment } from '../db/google-ads-repository';
import { csvCell } from './export';
import { FEE_CURRENCY } from '../delivery/meta-stages';

export const GOOGLE_ADS_HEADER = [
  'Google Click ID',
  'Conversion Name',
  'Conversion Time',
  'Conversion Value',
  'Conversion Currency',
];

/** "2026-11-20T09:34:05.000Z" → "2026-11-20 15:04:05": the local time in `timeZone`. */
export function localConversionTime(iso: string, timeZone = institute.timeZone): string {
  const at = new Date(iso);
  const local = new Date(at.getTime() + utcOffsetMinutes(at, timeZone) * 60_000);
  return local.toISOString().slice(0, 19).replace('T', ' ');
}

/** The whole file, lines ending in CRLF (an enrolment's fee unknown: its value is left empty). */
export function googleAdsCsv(rows: ClickEnrolment[], conversionName: string, feeOf: FeeOf): string {
  const lines = [
    `Parameters:TimeZone=${institute.timeZone}`,
    GOOGLE_ADS_HEADER.join(','),
    ...rows.map((row) => {
      const fee = feeOf(row.course);
      return [
        row.gclid,
        conversionName,
        localConversionTime(row.enrolled_at),
        fee === undefined ? '' : String(fee),
        FEE_CURRENCY,
      ]
        .map(csvCell)
        .join(',');
    }),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
