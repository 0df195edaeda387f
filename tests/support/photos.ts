import { crc32, deflateSync } from 'node:zlib';

/**
 * A decompression bomb: a valid PNG of `width` × `height` black pixels, one bit each, whose rows
 * deflate to almost nothing. Written chunk by chunk: a browser would accept it as an image.
 */
export function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // 1 bit, greyscale, deflate, no filter method, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // each row: filter 0, then zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
