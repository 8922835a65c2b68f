import { endianness } from 'node:os';

const littleEndian = endianness() === 'LE';
const chunk = 8192;

/**
 * The string of the first `length` UTF-16 code units of `codes`, lone surrogates kept as they are. On little-endian
 * machines Node's `utf16le` decoding copies the units in one native step (`TextDecoder` would replace lone
 * surrogates, `String.fromCharCode` over chunks is about twice as slow); elsewhere it falls back to the latter.
 */
export function codesToString(codes: Uint16Array, length: number): string {
  if (littleEndian) return Buffer.from(codes.buffer, codes.byteOffset, 2 * length).toString('utf16le');
  let text = '';
  for (let start = 0; start < length; start += chunk)
    text += String.fromCharCode(...codes.subarray(start, Math.min(length, start + chunk)));
  return text;
}
