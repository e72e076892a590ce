/**
 * The sessions the booking tests' server publishes (events-server.ts), dated from one day: the
 * day in India when the run began (E2E_SESSIONS_FROM, set once by playwright.config.ts for the
 * servers and the tests alike), so a run that passes India's midnight reads the same dates as
 * the server published.
 */
import { addDays, localDate } from '../../shared/institute-calendar';
import { courseSlugs } from '../../shared/courses';
import { classLevels } from '../../shared/schema/enquiry-fields';
import type { EventSession } from '../../shared/schema/events';
import { institute } from '../../src/content/institute';

export const E2E_SESSION = {
  /** The scholarship test a week from today, and the one a fortnight from today. */
  test: 'e2e-scholarship-test-1',
  testLater: 'e2e-scholarship-test-2',
  /**
   * A demo class at the centre with one seat (the full session); the next date, online (of the
   * other kind: never chosen for a family who chose the centre); and a later one at the centre.
   */
  demoOneSeat: 'e2e-demo-class-1',
  demoOnline: 'e2e-demo-class-online',
  demoLater: 'e2e-demo-class-2',
  /** A demo class today, its registration closed yesterday: the door's (a student who did not book). */
  demoToday: 'e2e-demo-class-today',
} as const;

export function e2eSessions(today = process.env.E2E_SESSIONS_FROM ?? localDate(new Date())): EventSession[] {
  const session = (
    id: string,
    type: EventSession['type'],
    inDays: number,
    capacity: number,
    online = false,
  ): EventSession => ({
    id,
    type,
    date: addDays(today, inDays),
    reportBy: '09:30',
    starts: '10:00',
    ends: '12:00',
    online,
    capacity,
    // The scholarship test is for the classes and courses the scholarship covers (the content check refuses others).
    classes: type === 'scholarship-test' ? [...(institute.scholarship?.classes ?? [])] : [...classLevels],
    courses: type === 'scholarship-test' ? [...(institute.scholarship?.courses ?? [])] : [...courseSlugs],
    opens: addDays(today, -1),
    closes: addDays(today, inDays - 1),
  });
  return [
    session(E2E_SESSION.test, 'scholarship-test', 7, 500),
    session(E2E_SESSION.testLater, 'scholarship-test', 14, 500),
    session(E2E_SESSION.demoOneSeat, 'demo-class', 5, 1),
    session(E2E_SESSION.demoOnline, 'demo-class', 8, 500, true),
    session(E2E_SESSION.demoLater, 'demo-class', 12, 500),
    session(E2E_SESSION.demoToday, 'demo-class', 0, 20),
  ];
}
