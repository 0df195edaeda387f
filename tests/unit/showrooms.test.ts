import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { siteSettingsSchema } from '../../shared/api/contract';
import { directionsUrl, marketPhone, marketShowroom, showroomHours, showroomsFor } from '../../shared/showrooms';

const settings = siteSettingsSchema.parse(JSON.parse(readFileSync('content/settings.json', 'utf8')));

describe('the showroom of the visitor\u2019s market', () => {
  it('is the Austrian one on German pages and the Slovenian one on Slovenian and English pages (settings say which)', () => {
    expect(marketShowroom(settings, 'de')?.country).toBe('AT');
    expect(marketShowroom(settings, 'sl')?.country).toBe('SI');
    expect(marketShowroom(settings, 'en')?.country).toBe('SI');
    expect(marketPhone(settings, 'de')).toBe(settings.showrooms.find((s) => s.country === 'AT')!.phone);
    expect(marketPhone(settings, 'sl')).toBe(settings.showrooms.find((s) => s.country === 'SI')!.phone);
  });

  it('lists every showroom, the market\u2019s first', () => {
    expect(showroomsFor(settings, 'de').map((s) => s.country)).toEqual(['AT', 'SI']);
    expect(showroomsFor(settings, 'sl').map((s) => s.country)).toEqual(['SI', 'AT']);
  });

  it('falls back to the first showroom when the setting names none that exists, and to the company phone without showrooms', () => {
    const unknown = { ...settings, locale_showroom: { ...settings.locale_showroom, de: 'gone' } };
    expect(marketShowroom(unknown, 'de')).toBe(settings.showrooms[0]);
    expect(marketPhone({ ...settings, showrooms: [] }, 'de')).toBe(settings.company_phone);
  });

  it('gives each showroom the opening hours of its country, from the one list in settings', () => {
    for (const showroom of settings.showrooms) {
      const hours = showroomHours(settings, showroom);
      expect(hours.length).toBeGreaterThan(0);
      expect(hours.every((h) => h.country === showroom.country)).toBe(true);
    }
  });

  it('links directions to a map service with the coordinates, as a plain https link', () => {
    const url = new URL(directionsUrl({ latitude: 46.6218, longitude: 14.329 }));
    expect(url.protocol).toBe('https:');
    expect(url.searchParams.get('destination')).toBe('46.6218,14.329');
  });
});
