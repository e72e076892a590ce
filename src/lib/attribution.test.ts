// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeSource } from '../../shared/schema/attribution';
import { rememberPage, VISIT_IDLE_MS, visitAttribution } from './attribution';

const at = (path: string, referrer = '') => {
  window.history.replaceState({}, '', path);
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
};

describe('the visit attribution kept in the browser', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => at('/'));

  it('keeps the first page of a visit: its campaign, click id, landing path and the referring host only', () => {
    at(
      '/courses/jee?utm_source=facebook&utm_medium=paid&utm_campaign=neet-2027-jaipur&fbclid=IwAR1',
      'https://l.facebook.com/l.php?u=secret',
    );
    rememberPage(1_000);
    at('/contact?utm_source=other');
    rememberPage(2_000);
    expect(visitAttribution()).toEqual({
      utmSource: 'facebook',
      utmMedium: 'paid',
      utmCampaign: 'neet-2027-jaipur',
      fbclid: 'IwAR1',
      referrerHost: 'l.facebook.com',
      landingPage: '/courses/jee',
    });
  });

  it('starts over after 30 minutes without a page: a new visit', () => {
    at('/?utm_source=facebook');
    rememberPage(0);
    at('/about?utm_source=newsletter&utm_medium=email', `${window.location.origin}/somewhere`);
    rememberPage(VISIT_IDLE_MS + 1);
    // A link from our own site is not a referring site.
    expect(visitAttribution()).toEqual({ utmSource: 'newsletter', utmMedium: 'email', landingPage: '/about' });
  });

  it('a page within the half hour keeps the visit alive', () => {
    at('/?gclid=Cj0K');
    rememberPage(0);
    for (let minute = 20; minute <= 100; minute += 20) {
      at('/contact');
      rememberPage(minute * 60_000);
    }
    expect(visitAttribution()).toEqual({ gclid: 'Cj0K', landingPage: '/' });
  });
});

describe('describeSource: where it came from, in a few words for staff', () => {
  it.each([
    [{ fbclid: 'x', utmCampaign: 'neet-2027-jaipur' }, 'Meta ad, campaign neet-2027-jaipur'],
    [{ utmSource: 'instagram', utmMedium: 'paid' }, 'Meta ad'],
    [{ utmSource: 'facebook', utmMedium: 'organic' }, 'facebook (organic)'],
    [{ gclid: 'x' }, 'Google ad'],
    [{ utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'jee' }, 'Google ad, campaign jee'],
    [{ utmSource: 'newsletter', utmMedium: 'email' }, 'newsletter (email)'],
    [{ referrerHost: 'www.google.com', landingPage: '/' }, 'a link on www.google.com'],
    [{ landingPage: '/' }, 'direct visit or unknown'],
  ])('%o → %s', (attribution, words) => {
    expect(describeSource(attribution)).toBe(words);
  });
});
