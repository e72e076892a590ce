/**
 * A server whose clock a browser test can move forward, as `faketime` would: loaded with
 * `node --import` by the browser tests' content servers only (playwright.config.ts), never by
 * the site. The offset, in milliseconds, is read from the file CLOCK_OFFSET_FILE names (again
 * at most every 100 ms), so a test moves a running server's days on by writing it: "now" and
 * `new Date()` move; performance.now() and timers do not.
 */
import { readFileSync } from 'node:fs';

const file = process.env.CLOCK_OFFSET_FILE;

if (file) {
  const RealDate = Date;
  let readAt = 0;
  let offset = 0;
  const currentOffset = () => {
    const now = RealDate.now();
    if (now - readAt > 100) {
      readAt = now;
      try {
        offset = Number(readFileSync(file, 'utf8')) || 0;
      } catch {
        offset = 0;
      }
    }
    return offset;
  };

  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + currentOffset());
      else super(...(args as [string | number | Date]));
    }

    static override now() {
      return RealDate.now() + currentOffset();
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
