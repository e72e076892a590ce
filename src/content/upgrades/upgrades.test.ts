/**
 * Stored versions of the content made into today's (issue 39): one from before the events, their
 * later words, the scholarship and notices gains what the site needs and keeps what it says; one
 * written today is left as it is; an upgrade that fails says which.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startingContent } from '../site-content';
import { CONTENT_SCHEMA_VERSION, ContentUpgradeFailed, upgradeContent, upgradesIn } from '.';
import type { ContentUpgrade } from './upgrade';

type Stored = {
  schemaVersion?: number;
  copy: Record<string, Record<string, unknown> & { events?: { registrant: Record<string, unknown> } }>;
  institute: Record<string, unknown>;
};
const stored = () => structuredClone(startingContent) as unknown as Stored;

describe('content upgrades', () => {
  it('a version from before the events, the scholarship and the notices gains them from the starting content', () => {
    const older = stored();
    delete older.institute.eventSessions;
    delete older.institute.scholarship;
    delete older.institute.notices;
    for (const words of Object.values(older.copy)) {
      delete words.events;
      delete words.scholarship;
      delete words.notices;
    }
    const upgraded = upgradeContent(older, startingContent);
    expect(upgraded.schemaVersion).toBe(CONTENT_SCHEMA_VERSION);
    expect(upgraded.institute.eventSessions).toEqual(startingContent.institute.eventSessions);
    expect(upgraded.institute.scholarship).toEqual(startingContent.institute.scholarship);
    expect(upgraded.copy.hi?.events).toEqual(startingContent.copy.hi.events);
    expect(upgraded.copy.en?.scholarship).toEqual(startingContent.copy.en.scholarship);
    // A version with no notices had none: an empty list is added, no notice.
    expect(upgraded.institute.notices).toEqual([]);
    expect(upgraded.copy.en?.notices).toEqual({});
  });

  it('a version from before the fee in full, the refund rules and the sample note gains the starting course’s', () => {
    type Course = { slug: string; fees: Record<string, unknown>; refund?: unknown };
    const older = stored();
    const courses = older.institute.courses as Course[];
    for (const course of courses) {
      for (const part of ['gstPercent', 'admissionCharge', 'school', 'years'])
        Reflect.deleteProperty(course.fees, part);
      delete course.refund;
    }
    // What the version says of its own is kept.
    const jee = courses.find((course) => course.slug === 'jee') as Course;
    jee.fees.admissionCharge = 4000;
    delete older.institute.sampleData;
    for (const words of Object.values(older.copy)) {
      delete words.feeDetails;
      delete words.refunds;
      delete (words.form as { errors: Record<string, unknown> }).errors.tooMany;
      delete (words.contact as Record<string, unknown>).prospectus;
    }
    const upgraded = upgradeContent(older, startingContent);
    const startingCourses = startingContent.institute.courses;
    for (const course of upgraded.institute.courses as Course[]) {
      const starting = startingCourses.find((each) => each.slug === course.slug);
      expect(course.refund).toEqual(starting?.refund);
      expect(course.fees.gstPercent).toBe(starting?.fees.gstPercent);
      expect(course.fees.school).toEqual(starting?.fees.school);
      expect(course.fees.years).toBe(starting?.fees.years);
      expect(course.fees.admissionCharge).toBe(course.slug === 'jee' ? 4000 : starting?.fees.admissionCharge);
    }
    expect(upgraded.institute.sampleData).toBe(startingContent.institute.sampleData);
    for (const language of ['en', 'hi'] as const) {
      const words = upgraded.copy[language] as unknown as typeof startingContent.copy.en;
      const from = startingContent.copy[language];
      expect([words.feeDetails, words.refunds, words.form.errors.tooMany, words.contact.prospectus]).toEqual([
        from.feeDetails,
        from.refunds,
        from.form.errors.tooMany,
        from.contact.prospectus,
      ]);
    }
  });

  it('fills the events’ words added since, in each language, and keeps what the version says', () => {
    const older = stored();
    for (const words of Object.values(older.copy)) {
      delete words.events?.registrant.reminder;
      (words.events as unknown as { types: { 'demo-class': { name: string } } }).types['demo-class'].name = 'Edited';
    }
    const upgraded = upgradeContent(older, startingContent);
    expect(upgraded.copy.en?.events?.registrant.reminder).toBe(startingContent.copy.en.events?.registrant.reminder);
    expect(upgraded.copy.hi?.events?.registrant.reminder).toBe(startingContent.copy.hi.events?.registrant.reminder);
    expect(
      (upgraded.copy.hi?.events as unknown as { types: { 'demo-class': { name: string } } }).types['demo-class'].name,
    ).toBe('Edited');
    // Nothing outside the events, the scholarship and the sessions changes.
    const rest = (document: Stored) =>
      Object.fromEntries(
        Object.entries(document.copy).map(([language, words]) => [
          language,
          Object.fromEntries(Object.entries(words).filter(([section]) => section !== 'events')),
        ]),
      );
    expect(rest(upgraded)).toEqual(rest(older));
  });

  it('a version from before students’ photos and consent gains no photo, and consent only for the sample’s made-up students', () => {
    const older = { ...stored(), schemaVersion: 2 };
    delete older.institute.testimonialPhotos;
    delete older.institute.testimonialConsents;
    // A result the editors added for a real student of their own, beside the sample's.
    (older.institute.testimonialResults as Record<string, unknown>)['kavya-rathi'] = {
      ...((older.institute.testimonialResults as Record<string, unknown>)['ananya-sharma'] as object),
    };
    const upgraded = upgradeContent(older, startingContent);
    expect(upgraded.schemaVersion).toBe(CONTENT_SCHEMA_VERSION);
    expect(upgraded.institute.testimonialPhotos).toEqual({});
    // The starting content's made-up students keep their sample marker; a consent is never made up for another.
    expect(upgraded.institute.testimonialConsents).toEqual(startingContent.institute.testimonialConsents);
    expect(upgraded.copy).toEqual(older.copy);

    // A version that says its names are real data gains no consent at all: the content check names each one missing.
    const real = { ...stored(), schemaVersion: 2 };
    delete real.institute.testimonialPhotos;
    delete real.institute.testimonialConsents;
    real.institute.sampleData = false;
    expect(upgradeContent(real, startingContent).institute.testimonialConsents).toEqual({});
  });

  it('leaves a version written today as it is, and its own scholarship its own', () => {
    const today = { ...stored(), schemaVersion: CONTENT_SCHEMA_VERSION };
    today.institute.scholarship = { classes: ['12-pass'], courses: ['neet-repeaters'], maxMarks: 50, bands: [] };
    expect(upgradeContent(today, startingContent)).toEqual(today);
  });

  it('says which upgrade failed, on which version, and changes nothing', () => {
    const older = stored();
    const before = structuredClone(older);
    const failing = [
      { name: '001-fine', up: (document: Record<string, unknown>) => ({ ...document, touched: true }) },
      {
        name: '002-broken',
        up: () => {
          throw new Error('no such part');
        },
      },
    ];
    expect(() => upgradeContent(older, startingContent, failing)).toThrow(ContentUpgradeFailed);
    expect(() => upgradeContent(older, startingContent, failing)).toThrow(
      'The content upgrade 002-broken failed on a version 1 document: no such part',
    );
    expect(older).toEqual(before);
  });

  describe('are found, not listed', () => {
    const numbered = readdirSync(import.meta.dirname).filter((file) => /^\d{3}-.*\.ts$/.test(file));
    const named = (name: string) => ({ upgrade: { name, up: (document) => document } satisfies ContentUpgrade });

    it('every numbered file of the folder, in order, where Vite builds the code', () => {
      expect(numbered.length).toBeGreaterThan(2);
      expect(CONTENT_SCHEMA_VERSION).toBe(numbered.length);
    });

    // The server runs under Node (tsx), where the folder is read instead.
    it('the same files, in the same order, where the server runs under Node', () => {
      const script =
        "const { CONTENT_SCHEMA_VERSION } = await import('./src/content/upgrades/index.ts'); console.log(CONTENT_SCHEMA_VERSION);";
      const underNode = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        encoding: 'utf8',
      });
      expect(Number(underNode.trim())).toBe(numbered.length);
    });

    it('refuses a number skipped or repeated, and an upgrade named unlike its file', () => {
      expect(
        upgradesIn({ './002-b.ts': named('002-b'), './001-a.ts': named('001-a') }).map((each) => each.name),
      ).toEqual(['001-a', '002-b']);
      expect(() => upgradesIn({ './001-a.ts': named('001-a'), './003-c.ts': named('003-c') })).toThrow(
        'Content upgrade 003-c.ts should be numbered 2.',
      );
      expect(() => upgradesIn({ './001-a.ts': named('001-other') })).toThrow(
        'Content upgrade 001-a.ts should export `upgrade` named 001-a.',
      );
    });
  });
});
