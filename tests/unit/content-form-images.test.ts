import { describe, expect, it } from 'vitest';
import { fromFields, isImage, withPhotoAlts } from '../../shared/admin/content-form';

/** The content editor's photo picker (shared/admin/content-form.ts): an image picked from the editors' photos, and its alt texts. */

const photo = {
  src: '/media/0123456789abcdef0123.jpg',
  width: 2000,
  height: 1500,
  alt: { sl: 'Rolete na hiši', en: 'Shutters on a house', de: 'Rollläden an einem Haus' },
};
const picked = JSON.stringify({ src: photo.src, width: photo.width, height: photo.height });
const product = {
  key: 'p',
  image: { src: '/images/p.svg', width: 800, height: 600 },
  images: [
    { src: '/images/a.svg', width: 800, height: 600 },
    { src: '/images/b.svg', width: 800, height: 600 },
  ],
  sl: { title: 'P', imageAlt: 'staro', imagesAlt: ['a', 'b'] },
  en: { title: 'P', imageAlt: 'old', imagesAlt: ['a', 'b'] },
  de: { title: 'P', imageAlt: 'alt', imagesAlt: ['a', 'b'] },
};

describe('the photo picker', () => {
  it('knows an image by its shape: a file and its size, nothing else', () => {
    expect(isImage(product.image)).toBe(true);
    expect(isImage({ src: '/x', width: 1 })).toBe(false);
    expect(isImage({ url: 'https://x' })).toBe(false);
  });

  it('puts the picked photo in the image, and keeps the image when nothing or nonsense is picked', () => {
    expect(fromFields(product, { 'image.__media': picked })).toMatchObject({ image: { src: photo.src, width: 2000, height: 1500 } });
    expect(fromFields(product, { 'image.__media': '' })).toMatchObject({ image: product.image });
    expect(fromFields(product, { 'image.__media': '{"src":"/x"}' })).toMatchObject({ image: product.image });
    expect(fromFields(product, { 'image.__media': 'not json' })).toMatchObject({ image: product.image });
  });

  it("gives a newly picked main or gallery image the photo's alt texts in every language, and leaves the others", () => {
    const json = fromFields(product, { 'images.1.__media': picked });
    const withAlts = withPhotoAlts(json, product, [photo]) as typeof product;
    expect(withAlts.en.imagesAlt).toEqual(['a', 'Shutters on a house']);
    expect(withAlts.de.imagesAlt).toEqual(['a', 'Rollläden an einem Haus']);
    expect(withAlts.sl.imageAlt).toBe('staro');
    const main = withPhotoAlts(fromFields(product, { 'image.__media': picked }), product, [photo]) as typeof product;
    expect([main.sl.imageAlt, main.en.imageAlt, main.de.imageAlt]).toEqual(['Rolete na hiši', 'Shutters on a house', 'Rollläden an einem Haus']);
  });

  it('keeps the alt texts an editor changed for an image whose photo stays the same', () => {
    const before = { ...product, image: { src: photo.src, width: 2000, height: 1500 } };
    const edited = fromFields(before, { 'image.__media': picked, 'en.imageAlt': 'Our shutters on a house in Celje' });
    expect((withPhotoAlts(edited, before, [photo]) as typeof product).en.imageAlt).toBe('Our shutters on a house in Celje');
  });

  it("fills the home page hero's alt text", () => {
    const home = {
      heroImage: { src: '/images/h.svg', width: 10, height: 10 },
      sl: { hero: { imageAlt: '' } },
      en: { hero: { imageAlt: '' } },
      de: { hero: { imageAlt: '' } },
    };
    const json = withPhotoAlts(fromFields(home, { 'heroImage.__media': picked }), home, [photo]) as typeof home;
    expect(json.en.hero.imageAlt).toBe('Shutters on a house');
  });
});
