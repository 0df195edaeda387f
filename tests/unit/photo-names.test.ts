import { describe, expect, it } from 'vitest';
import { asJpegName, attachmentNames } from '../../server/cms/mail/attachment-names';
import { cleanFileName } from '../../server/site/photos/upload';

/**
 * A photo's file name is the visitor's: it reaches the company's mail, the visitor's confirmation and
 * the profile, so it is kept short, printable and without folders; attachments say they are JPEGs.
 */
describe('photo names', () => {
  it('keep the visitor’s name without folders, control characters or markup', () => {
    expect(cleanFileName('IMG_0042.HEIC')).toBe('IMG_0042.HEIC');
    expect(cleanFileName('C:\\Users\\ana\\Slike\\okno čšž.jpg')).toBe('okno čšž.jpg');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\r\nc<script>.png')).toBe('abcscript.png');
    expect(cleanFileName('   ')).toBe('photo');
    expect(cleanFileName(`${'x'.repeat(300)}.jpg`)).toHaveLength(100);
  });

  it('are attached as what the photos now are, JPEGs', () => {
    expect(asJpegName('okno.jpg')).toBe('okno.jpg');
    expect(asJpegName('okno.JPEG')).toBe('okno.JPEG');
    expect(asJpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(asJpegName('detajl.png')).toBe('detajl.jpg');
    expect(asJpegName('brez-konca')).toBe('brez-konca.jpg');
  });

  it('are unique within a submission, so no attachment hides another', () => {
    expect(attachmentNames(['image.jpeg', 'image.jpeg', 'okno.png', 'okno.jpg', 'OKNO.JPG'])).toEqual([
      'image.jpeg',
      'image-2.jpeg',
      'okno.jpg',
      'okno-2.jpg',
      'OKNO-3.JPG',
    ]);
  });
});
