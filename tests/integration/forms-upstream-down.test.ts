import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales';
import { pathTo, inquiryPath } from '../../shared/routes';
import { pageI18n } from '../support/i18n';
import { startTestSite } from './helpers';

/**
 * Issue 26, point 3: with the content API down and nothing cached (a fresh replica), the inquiry and
 * the service request still render, and a request sent is queued in the outbox and thanked for.
 */

let site: Awaited<ReturnType<typeof startTestSite>>;
/** An upstream that answers every request with a 503, as a content API being restarted does. */
let upstream: http.Server;

beforeAll(async () => {
  upstream = http.createServer((_req, res) => void res.writeHead(503).end());
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  site = await startTestSite({
    UPSTREAM_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`,
    UPSTREAM_TIMEOUT_MS: '1000',
    FORM_RATE_LIMIT_MAX: '1000',
  });
});
afterAll(async () => {
  await site.stop();
  await new Promise((resolve) => upstream.close(resolve));
});

describe('the forms with the content API down and nothing cached', () => {
  it.each(LOCALES)(
    'in %s: the inquiry and the service request render, in the layout, with the phone (from the start and from a family’s link)',
    async (locale) => {
      const { t } = pageI18n(locale);
      for (const path of [pathTo('inquiry', locale), inquiryPath(locale, { step: 1, offerType: 'tende' }), pathTo('service', locale)]) {
        const res = await request(site.server).get(path);
        expect(res.status, path).toBe(200);
        expect(res.text).toContain('<header class="site-header">');
        expect(res.text).toContain('class="call-link"');
        expect(res.text).toMatch(/<form[^>]*class="public-form[^"]*"[^>]*method="post"/);
      }
      // The product fields of a family come with the build: its option sets are the form's own.
      const awnings = (await request(site.server).get(inquiryPath(locale, { step: 1, offerType: 'tende' }))).text;
      expect(awnings).toContain('name="system" value="kasetna"');
      expect(awnings).toContain(t('inquiry.options.kasetna'));
    },
  );

  it('a password-reset link still opens its form: its post says what the link can do', async () => {
    const token = 'x'.repeat(43);
    const res = await request(site.server).get(`${pathTo('passwordReset', 'en')}?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('name="password"');
    expect(res.text).not.toContain('form-message--error');
  });

  it('a request sent is queued and ends on the thank-you page', async () => {
    const path = pathTo('service', 'en');
    const sent = await request(site.server)
      .post(path)
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send(
        new URLSearchParams({
          phone: '041 222 333',
          streetAddress: 'Glavni trg 1',
          postalCode: '2380',
          town: 'Slovenj Gradec',
          content: 'The awning does not close.',
          terms: 'on',
        }).toString(),
      );
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe(`${path}?sent=1`);
    const thanks = await request(site.server).get(`${path}?sent=1`);
    expect(thanks.status).toBe(200);
    expect(thanks.text).toContain(pageI18n('en').t('service.done.title'));

    const inquiry = pathTo('inquiry', 'de');
    const sentInquiry = await request(site.server)
      .post(inquiry)
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send(
        new URLSearchParams({ intent: 'send', step: '3', offerType: 'tende', nameAndSurname: 'Eva Berger', phone: '0664 123 456', terms: 'on' }).toString(),
      );
    expect(sentInquiry.status).toBe(303);
    expect(sentInquiry.headers.location).toBe(`${inquiry}?sent=1`);
    const inquiryThanks = await request(site.server).get(`${inquiry}?sent=1`);
    expect(inquiryThanks.status).toBe(200);
    expect(inquiryThanks.text).toContain(pageI18n('de').t('inquiry.done.title'));
  });
});
