/**
 * The link only a registrant has (issue 27): their admit card, reschedule and cancel. The token
 * is the registration's id and an HMAC-SHA256 of it under the site's key, so an altered token is
 * refused without a lookup, and a repeat of the same registration can be given the same link.
 * It expires with the event: the routes refuse it once its session's day is over.
 *
 * The key is REGISTRATION_LINK_SECRET, or else one the server makes on first use and keeps in
 * the database (site_secrets), so every instance signs and checks alike.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';
import { siteKey } from '../site-secrets';

const KEY_NAME = 'registration-links';
/** 128 bits of the MAC, base64url: 22 characters. */
const MAC_LENGTH = 22;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createRegistrationLinks(database: Db, configured?: string) {
  const keyOf = siteKey(database, KEY_NAME, configured);

  const macOf = async (id: string) =>
    createHmac('sha256', await keyOf())
      .update(`registration:${id}`)
      .digest('base64url')
      .slice(0, MAC_LENGTH);

  return {
    /** The token for a registration's link. */
    tokenFor: async (id: string) => `${id}.${await macOf(id)}`,
    /** The registration a token names, or undefined when it was altered or made up. */
    async idOf(token: string): Promise<string | undefined> {
      const [id, mac, ...rest] = token.split('.');
      if (!id || !mac || rest.length > 0 || !UUID.test(id) || mac.length !== MAC_LENGTH) return undefined;
      const expected = Buffer.from(await macOf(id));
      const given = Buffer.from(mac);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
    },
  };
}

export type RegistrationLinks = ReturnType<typeof createRegistrationLinks>;
