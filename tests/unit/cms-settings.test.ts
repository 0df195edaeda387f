import { describe, expect, it } from 'vitest';
import { loadCmsSettings } from '../../server/cms/settings';

describe('the content API’s settings', () => {
  it('has defaults for everything, and reads the settings it shares with the site', () => {
    expect(loadCmsSettings({})).toMatchObject({
      CMS_PORT: 0,
      DATA_DIR: './data',
      STAFF_IDLE_MINUTES: 30,
      PASSWORD_HASH_CONCURRENCY: 1,
      MAIL_ATTACHMENTS_MAX_MB: 8,
    });
    expect(loadCmsSettings({ DATA_DIR: '/data', PUBLIC_URL: 'https://www.example.si' })).toMatchObject({
      DATA_DIR: '/data',
      PUBLIC_URL: 'https://www.example.si',
    });
    expect(() => loadCmsSettings({ STAFF_IDLE_MINUTES: '1' })).toThrow(/STAFF_IDLE_MINUTES/);
    expect(() => loadCmsSettings({ PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/PASSWORD_HASH_CONCURRENCY/);
  });

  it('has the company read its notifications in Slovenian unless told another of the site’s languages', () => {
    expect(loadCmsSettings({}).COMPANY_LOCALE).toBe('sl');
    expect(loadCmsSettings({ COMPANY_LOCALE: 'de' }).COMPANY_LOCALE).toBe('de');
    expect(() => loadCmsSettings({ COMPANY_LOCALE: 'fr' })).toThrow(/COMPANY_LOCALE/);
  });

  it('never prints a refused secret', () => {
    let message = '';
    try {
      loadCmsSettings({ SMTP_URL: 'http://u:s3cret@mail', MAIL_FROM: 'x' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/SMTP_URL/);
    expect(message).toMatch(/MAIL_FROM.*"x"/);
    expect(message).not.toMatch(/s3cret/);
  });

  it('takes the addresses the content API believes X-Forwarded-For from, loopback by default', () => {
    expect(loadCmsSettings({}).CMS_TRUST_PROXY).toBe('loopback');
    expect(loadCmsSettings({ CMS_TRUST_PROXY: 'loopback, uniquelocal, 10.1.0.0/16, fd00::/8, 192.0.2.7' }).CMS_TRUST_PROXY).toBe(
      'loopback, uniquelocal, 10.1.0.0/16, fd00::/8, 192.0.2.7',
    );
    for (const bad of ['everyone', '10.0.0.0/33', '10.0.0.0/8/1', 'true', 'loopback,']) {
      expect(() => loadCmsSettings({ CMS_TRUST_PROXY: bad }), bad).toThrow(/CMS_TRUST_PROXY/);
    }
  });
});
