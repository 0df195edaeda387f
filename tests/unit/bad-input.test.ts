import { describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH, refuseRequest } from '../../server/site/http/bad-input';

const PAGE = ['GET', 'HEAD'];

describe('requests refused before routing', () => {
  it('lets ordinary requests through', () => {
    expect(refuseRequest('GET', '/sl/izdelek/rolete?x=%C4%8D', PAGE)).toBeNull();
    expect(refuseRequest('HEAD', '/', PAGE)).toBeNull();
  });

  it('refuses other methods with the allowed ones', () => {
    expect(refuseRequest('TRACE', '/sl', PAGE)).toEqual({ status: 405, allow: 'GET, HEAD' });
    expect(refuseRequest('PROPFIND', '/sl', PAGE)).toMatchObject({ status: 405 });
  });

  it('refuses malformed percent-encoding, null bytes and overlong URLs', () => {
    expect(refuseRequest('GET', '/sl/%E0%A4%A', PAGE)).toEqual({ status: 400 });
    expect(refuseRequest('GET', '/sl?q=%', PAGE)).toEqual({ status: 400 });
    expect(refuseRequest('GET', '/sl/a%00', PAGE)).toEqual({ status: 400 });
    expect(refuseRequest('GET', `/sl/${'x'.repeat(MAX_URL_LENGTH)}`, PAGE)).toEqual({ status: 414 });
  });
});
