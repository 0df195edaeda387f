import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/site/settings';
import { gtmIdError, isValidGtmId } from '../../shared/gtm-id';

describe('tag manager id', () => {
  it('accepts GTM- followed by upper-case letters or digits only', () => {
    expect(isValidGtmId('GTM-ABC123')).toBe(true);
    expect(isValidGtmId('GTM-')).toBe(false);
    expect(isValidGtmId('gtm-ABC123')).toBe(false);
    expect(isValidGtmId('GTM-abc')).toBe(false);
    expect(isValidGtmId('GTM-AB C')).toBe(false);
    expect(isValidGtmId(' GTM-ABC')).toBe(false);
  });

  it('names the id and suggests the corrected one', () => {
    expect(gtmIdError('gtm-ab12')).toBe("'gtm-ab12' is not a valid GTM-ID (/^GTM-[0-9A-Z]+$/). Did you mean 'GTM-AB12'?");
    // Everything up to the last dash goes, then every character outside 0-9A-Z.
    expect(gtmIdError('UA-123-x_y')).toBe("'UA-123-x_y' is not a valid GTM-ID (/^GTM-[0-9A-Z]+$/). Did you mean 'GTM-XY'?");
    expect(gtmIdError('ABC12')).toBe("'ABC12' is not a valid GTM-ID (/^GTM-[0-9A-Z]+$/). Did you mean 'GTM-ABC12'?");
  });

  it('leaves the suggestion out when nothing is left of the id', () => {
    expect(gtmIdError('GTM-')).toBe("'GTM-' is not a valid GTM-ID (/^GTM-[0-9A-Z]+$/).");
    expect(gtmIdError('gtm-??')).toBe("'gtm-??' is not a valid GTM-ID (/^GTM-[0-9A-Z]+$/).");
  });

  it('is read from GTM_ID at boot: unset means none, an invalid one stops the boot with that message', () => {
    expect(loadConfig({}).GTM_ID).toBeUndefined();
    expect(loadConfig({ GTM_ID: '' }).GTM_ID).toBeUndefined();
    expect(loadConfig({ GTM_ID: 'GTM-K7P2Q' }).GTM_ID).toBe('GTM-K7P2Q');
    expect(() => loadConfig({ GTM_ID: 'gtm-k7p2q' })).toThrow("GTM_ID: 'gtm-k7p2q' is not a valid GTM-ID (/^GTM-[0-9A-Z]+$/). Did you mean 'GTM-K7P2Q'?");
  });
});
