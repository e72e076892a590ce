/**
 * Staff command line for the enquiries database (the one DATABASE_URL names).
 *
 *   npm run enquiries -- export [--since 2026-01-01] [--format csv|json] [--out FILE]
 *   npm run enquiries -- deliveries --failed
 *   npm run enquiries -- deliveries retry <delivery-id> | --all-failed
 *   npm run enquiries -- purge                       delete what is past ENQUIRY_RETENTION_DAYS
 *   npm run enquiries -- erase --phone <number> | --email <address>
 *
 * Without --out the export goes to standard output. A retried delivery is sent by
 * the running server within a few seconds.
 */
import '../runtime';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { runCli, UsageError } from './run';
import { openDatabase } from '../db/database';
import { createEnquiryRepository, retentionCutoff } from '../db/enquiry-repository';
import { normaliseIndianMobile } from '../../shared/schema/enquiry';
import { createOutbox } from '../delivery/outbox';
import { counted, type ExportOutcome, inChunks, parseSince, toCsv, toJson } from '../exports/export';

const USAGE = `Usage:
  npm run enquiries -- export [--since YYYY-MM-DD] [--format csv|json] [--out FILE]
  npm run enquiries -- deliveries --failed
  npm run enquiries -- deliveries retry <delivery-id>
  npm run enquiries -- deliveries retry --all-failed
  npm run enquiries -- purge
  npm run enquiries -- erase --phone <number>
  npm run enquiries -- erase --email <address>`;

async function exportCommand(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      since: { type: 'string' },
      format: { type: 'string', default: 'csv' },
      out: { type: 'string' },
    },
  });
  const since = values.since === undefined ? new Date(0) : parseSince(values.since);
  if (!since) throw new UsageError(`--since must be a date such as 2026-01-01 (got "${values.since}").`);
  if (values.format !== 'csv' && values.format !== 'json') {
    throw new UsageError(`--format must be csv or json (got "${values.format}").`);
  }

  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL);
  try {
    // Streamed from a cursor, a row at a time, as fast as the file or the pipe takes it.
    let outcome: ExportOutcome = { rows: 0, complete: false };
    const rows = counted(createEnquiryRepository(database).streamSince(since), async (ended) => {
      outcome = ended;
    });
    const text = Readable.from(inChunks(values.format === 'csv' ? toCsv(rows) : toJson(rows)), { objectMode: false });
    if (values.out) {
      await pipeline(text, createWriteStream(values.out));
      console.error(`Wrote ${outcome.rows} enquiries to ${values.out}`);
    } else {
      await pipeline(text, process.stdout, { end: false });
      console.error(`${outcome.rows} enquiries since ${since.toISOString().slice(0, 10)}`);
    }
  } finally {
    await database.close();
  }
}

async function deliveriesCommand(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { failed: { type: 'boolean', default: false }, 'all-failed': { type: 'boolean', default: false } },
  });
  const [action, id] = positionals;
  if (action !== undefined && action !== 'retry') throw new UsageError(`Unknown deliveries action "${action}".`);
  if (action === undefined && !values.failed) throw new UsageError('Say --failed to list failed deliveries.');
  if (action === 'retry' && !id && !values['all-failed']) throw new UsageError('Give a delivery id, or --all-failed.');

  const database = await openDatabase(loadConfig().DATABASE_URL);
  try {
    const outbox = createOutbox(database);
    const failed = await outbox.listFailed();
    if (action === undefined) {
      if (failed.length === 0) console.log('No failed deliveries.');
      for (const d of failed) {
        console.log(
          `${d.id}  ${d.channel.padEnd(7)}  enquiry ${d.enquiry_id}  ${d.attempts} attempts  created ${d.created_at}
    last error: ${d.last_error ?? '-'}`,
        );
      }
      return;
    }
    const ids = values['all-failed'] ? failed.map((d) => d.id) : [id ?? ''];
    let retried = 0;
    for (const deliveryId of ids) {
      if (await outbox.retry(deliveryId)) retried += 1;
      else console.error(`No failed delivery with id ${deliveryId}.`);
    }
    console.log(`${retried} deliveries queued again; the running server sends them within seconds.`);
    if (retried < ids.length) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

async function purgeCommand() {
  const config = loadConfig();
  const database = await openDatabase(config.DATABASE_URL);
  try {
    const cutoff = retentionCutoff(config.ENQUIRY_RETENTION_DAYS);
    const deleted = await createEnquiryRepository(database).purgeOlderThan(cutoff);
    console.log(
      `Deleted ${deleted} enquiries received before ${cutoff.toISOString()} (retention ${config.ENQUIRY_RETENTION_DAYS} days).`,
    );
  } finally {
    await database.close();
  }
}

async function eraseCommand(args: string[]) {
  const { values } = parseArgs({ args, options: { phone: { type: 'string' }, email: { type: 'string' } } });
  const phone = values.phone === undefined ? undefined : normaliseIndianMobile(values.phone);
  if (values.phone !== undefined && !phone)
    throw new UsageError(`--phone must be an Indian mobile number (got "${values.phone}").`);
  if (!phone && !values.email) throw new UsageError('Give --phone or --email.');
  const database = await openDatabase(loadConfig().DATABASE_URL);
  try {
    const erased = await createEnquiryRepository(database).erasePerson({ phone, email: values.email });
    console.log(`Erased ${erased.length} enquiries${erased.length ? ':' : '.'}`);
    for (const row of erased) {
      console.log(
        `  ${row.id}  received ${row.created_at}  ${row.student_name}  ${row.phone}  ${row.email ?? ''}  ${row.course}`,
      );
    }
  } finally {
    await database.close();
  }
}

runCli(
  {
    export: exportCommand,
    deliveries: deliveriesCommand,
    purge: () => purgeCommand(),
    erase: eraseCommand,
  },
  USAGE,
);
