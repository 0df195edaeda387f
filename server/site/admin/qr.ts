import { encode } from 'uqr';

/**
 * A QR code of an `otpauth://` address as one SVG path (a unit square per dark module) and its side in
 * modules: the enrolment screen draws it inline, so the secret never travels to a third party or to
 * another request, and the browser needs no QR library.
 */
export function qrCode(text: string): { path: string; size: number } {
  const { data } = encode(text, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) => row.forEach((dark, x) => void (dark && (path += `M${x} ${y}h1v1h-1z`))));
  return { path, size: data.length };
}
