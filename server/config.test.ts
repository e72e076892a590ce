import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs locally with no settings at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: 'localhost', NODE_ENV: 'production' });
    expect(config.META_PIXEL_ID).toBeUndefined();
  });

  it('treats an empty pixel ID as no pixel', () => {
    expect(loadConfig({ META_PIXEL_ID: '' }).META_PIXEL_ID).toBeUndefined();
    expect(loadConfig({ META_PIXEL_ID: '123456789012345' }).META_PIXEL_ID).toBe('123456789012345');
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', META_PIXEL_ID: "1');alert(1);//" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems).toHaveLength(2);
    expect(message).toMatch(/^Invalid environment:/);
    expect(message).toContain('PORT');
    expect(message).toContain('META_PIXEL_ID: must be the numeric ID');
  });

  it('sends to Meta from the server only with both a token and a pixel, at the current Graph API by default', () => {
    expect(() => loadConfig({ META_CAPI_ACCESS_TOKEN: 'EAAtest-access-token-0123456789' })).toThrow(
      'META_CAPI_ACCESS_TOKEN: needs META_PIXEL_ID too',
    );
    const config = loadConfig({
      META_CAPI_ACCESS_TOKEN: 'EAAtest-access-token-0123456789',
      META_PIXEL_ID: '123456789012345',
    });
    expect(config.META_CAPI_URL).toBe('https://graph.facebook.com/v26.0');
    expect(() => loadConfig({ META_CAPI_TEST_EVENT_CODE: 'TEST 123' })).toThrow('META_CAPI_TEST_EVENT_CODE');
  });

  it('sends one-time codes by a provider only with all its settings; none writes them to the log', () => {
    expect(loadConfig({}).PHONE_CODE_PROVIDER).toBe('log');
    expect(() => loadConfig({ PHONE_CODE_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'msg91-auth-key-123' })).toThrow(
      'MSG91_TEMPLATE_ID: is needed with PHONE_CODE_PROVIDER=msg91',
    );
    expect(() => loadConfig({ PHONE_CODE_PROVIDER: 'whatsapp' })).toThrow(
      /WHATSAPP_ACCESS_TOKEN: is needed[\s\S]*WHATSAPP_PHONE_NUMBER_ID: is needed[\s\S]*WHATSAPP_CODE_TEMPLATE: is needed/,
    );
    expect(() => loadConfig({ PHONE_CODE_PROVIDER: 'sms' })).toThrow(
      'PHONE_CODE_PROVIDER: must be log, msg91 or whatsapp',
    );
    expect(
      loadConfig({
        PHONE_CODE_PROVIDER: 'msg91',
        MSG91_AUTH_KEY: 'msg91-auth-key-123',
        MSG91_TEMPLATE_ID: 'tmpl123456',
      }).MSG91_URL,
    ).toBe('https://control.msg91.com/api/v5/otp');
  });

  it('pushes to the browsers’ push services only, signed with a key that is a key, or one the server makes', () => {
    const defaults = loadConfig({});
    expect(defaults.WEB_PUSH_VAPID_PRIVATE_KEY).toBeUndefined();
    expect(defaults.WEB_PUSH_SERVICES).toContain('fcm.googleapis.com');
    // The output of `npx web-push generate-vapid-keys`.
    expect(loadConfig({ WEB_PUSH_VAPID_PRIVATE_KEY: 'M2uo5NdFK3OKjLr3R3KyAQfYUKBTS5Oq2dTMpQL2wGc' })).toMatchObject({
      WEB_PUSH_VAPID_PRIVATE_KEY: 'M2uo5NdFK3OKjLr3R3KyAQfYUKBTS5Oq2dTMpQL2wGc',
    });
    // The public key pasted instead, a key too short, and the all-zero scalar, which is no P-256 key.
    for (const key of [
      'BGGv1UpujDwXxAkOukDKkKaIWS9oRL3TPy2l2vWCs2MhvtqWPyBuSS6RIfrey76TBNw0A3NRk0uscf0F9mzTzCo',
      'M2uo5NdFK3OKjLr3R3KyAQ',
      Buffer.alloc(32).toString('base64url'),
    ])
      expect(() => loadConfig({ WEB_PUSH_VAPID_PRIVATE_KEY: key })).toThrow('WEB_PUSH_VAPID_PRIVATE_KEY');
    expect(() => loadConfig({ WEB_PUSH_SUBJECT: 'someone@example.com' })).toThrow('WEB_PUSH_SUBJECT');
    expect(() => loadConfig({ WEB_PUSH_SERVICES: 'https://fcm.googleapis.com/' })).toThrow('WEB_PUSH_SERVICES');
  });

  it('hashes staff passwords at production cost; the cheap test cost only with NODE_ENV=test', () => {
    expect(loadConfig({}).STAFF_PASSWORD_COST).toBe('production');
    expect(loadConfig({ NODE_ENV: 'test', STAFF_PASSWORD_COST: 'test' }).STAFF_PASSWORD_COST).toBe('test');
    for (const NODE_ENV of [undefined, 'production', 'development']) {
      expect(() => loadConfig({ NODE_ENV, STAFF_PASSWORD_COST: 'test' })).toThrow(
        'STAFF_PASSWORD_COST: test is for the test suites only',
      );
    }
    expect(() => loadConfig({ STAFF_PASSWORD_COST: 'cheap' })).toThrow(
      'STAFF_PASSWORD_COST: must be production or test',
    );
  });
});
