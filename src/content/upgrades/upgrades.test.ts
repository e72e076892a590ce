/**
 * Stored versions of the content made into today's (issue 39): one from before the events, their
 * later words, the scholarship and notices gains what the site needs and keeps what it says; one
 * written today is left as it is; an upgrade that fails says which.
 */
import { describe, expect, it } from 'vitest';
import { startingContent } from '../site-content';
import { CONTENT_SCHEMA_VERSION, ContentUpgradeFailed, upgradeContent } from '.';

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
    // A version with no notices had none: none is added.
    expect(upgraded.institute.notices).toBeUndefined();
    expect(upgraded.copy.en?.notices).toBeUndefined();
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
});
