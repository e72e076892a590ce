/**
 * The numbered migrations, in order. Add a file `NNN-what-it-does.ts` exporting
 * `up` (and `down`) and list it here; `migrateToLatest` applies what is missing on
 * start-up, on SQLite and PostgreSQL alike. Most are portable; one whose SQL differs by
 * engine exports a function of the engine instead.
 */
import type { Migration } from 'kysely/migration';
import type { Engine } from '../engine';
import * as createEnquiries from './001-create-enquiries';
import * as createDeliveries from './002-create-deliveries';
import * as consentRecord from './003-consent-record';
import * as enquirerAndParent from './004-enquirer-and-parent';
import * as language from './005-language';
import * as staffDesk from './006-staff-desk';
import { searchIndex } from './007-search-index';
import * as attribution from './008-attribution';
import * as metaConversions from './009-meta-conversions';
import * as signInThrottle from './010-sign-in-throttle';

export const migrationsFor = (engine: Engine): Record<string, Migration> => ({
  '001-create-enquiries': createEnquiries,
  '002-create-deliveries': createDeliveries,
  '003-consent-record': consentRecord,
  '004-enquirer-and-parent': enquirerAndParent,
  '005-language': language,
  '006-staff-desk': staffDesk,
  '007-search-index': searchIndex(engine),
  '008-attribution': attribution,
  '009-meta-conversions': metaConversions,
  '010-sign-in-throttle': signInThrottle,
});
