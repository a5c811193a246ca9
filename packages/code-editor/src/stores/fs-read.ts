/**
 * Reading files for the filesystem store without ever blocking on one that is not a regular
 * file. A FIFO opened for reading waits for a writer, and a read of /dev/zero never ends; both
 * would stall the whole server, because the store reads synchronously. So:
 *
 *   - callers lstat first and refuse anything that is not a regular file (kindOf names it);
 *   - every open here adds O_NONBLOCK (an open of a FIFO that replaced the file since then
 *     returns at once instead of waiting for a writer) and O_NOFOLLOW (a final component that
 *     became a symlink fails instead of being followed), then fstat's the descriptor and refuses
 *     anything that is not a regular file before reading a byte.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { isAscii, isUtf8 } from 'node:buffer';

/** Files with a NUL byte in their first 8 KiB are treated as binary, as ripgrep does. */
const BINARY_SNIFF_BYTES = 8192;
const NEWLINE = 0x0a;
// Both flags are POSIX; on Windows they are undefined and there are no FIFOs to guard against.
const SAFE_OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0) | (fs.constants.O_NOFOLLOW ?? 0);

/** Thrown when a path turns out not to be a regular file; `kind` says what it is. */
export class NotRegularFileError extends Error {
  override readonly name = 'NotRegularFileError';
  constructor(readonly kind: string) {
    super(`not a regular file: ${kind}`);
  }
}

/** What a non-regular directory entry is, for error messages ("a named pipe (FIFO)"). */
export function kindOf(stats: fs.Stats): string {
  if (stats.isFile()) return 'a regular file';
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSymbolicLink()) return 'a symlink';
  return 'not a regular file';
}

export function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/**
 * Opens `absolute` for reading if, and only if, it is a regular file. Throws NotRegularFileError
 * (nothing was read) or the open's own error (ENOENT, ELOOP for a symlink).
 */
function openRegular(absolute: string): number {
  const descriptor = fs.openSync(absolute, SAFE_OPEN_FLAGS);
  try {
    const stats = fs.fstatSync(descriptor);
    if (!stats.isFile()) throw new NotRegularFileError(kindOf(stats));
  } catch (error) {
    fs.closeSync(descriptor);
    throw error;
  }
  return descriptor;
}

/** The bytes of a regular file; see openRegular for what it refuses. */
export function readRegularFile(absolute: string): Buffer {
  const descriptor = openRegular(absolute);
  try {
    return fs.readFileSync(descriptor);
  } finally {
    fs.closeSync(descriptor);
  }
}

/**
 * ASCII (the usual case for source) decodes as latin1, a plain copy into a one-byte string;
 * anything else gets full UTF-8 decoding.
 */
export function decodeText(bytes: Buffer): string {
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

/**
 * sha256 of the text the bytes decode to, which is what every store hashes. For valid UTF-8
 * that is the bytes themselves, so nothing needs decoding; invalid sequences decode to U+FFFD,
 * so those files are hashed after decoding.
 */
export function textSha256(bytes: Buffer): string {
  const hash = createHash('sha256');
  if (isUtf8(bytes)) hash.update(bytes);
  else hash.update(bytes.toString('utf8'), 'utf8');
  return hash.digest('hex');
}

/** countLines on the bytes: UTF-8 never has a 0x0A byte inside a multi-byte character. */
export function countByteLines(bytes: Buffer): number {
  if (bytes.length === 0) return 0;
  let count = 0;
  for (let index = bytes.indexOf(NEWLINE); index !== -1; index = bytes.indexOf(NEWLINE, index + 1)) count++;
  return bytes[bytes.length - 1] === NEWLINE ? count : count + 1;
}

/**
 * Reads files for search into one reused buffer, skipping what search cannot use before any
 * decoding.
 */
export class FastTextReader {
  private buffer = Buffer.allocUnsafe(1 << 20);

  /**
   * The file's text, or undefined for a binary file, one missing any of `requiredBytes`
   * (checked with Buffer#indexOf on one byte, which is memchr) or one that is no longer a
   * regular file.
   */
  read(absolute: string, requiredBytes: readonly number[] = []): string | undefined {
    let descriptor: number;
    try {
      descriptor = openRegular(absolute);
    } catch (error) {
      if (error instanceof NotRegularFileError || (error as NodeJS.ErrnoException).code === 'ELOOP') return undefined;
      throw error;
    }
    try {
      const size = fs.fstatSync(descriptor).size;
      if (size > this.buffer.length) this.buffer = Buffer.allocUnsafe(Math.max(size, this.buffer.length * 2));
      let filled = 0;
      while (filled < size) {
        const read = fs.readSync(descriptor, this.buffer, filled, size - filled, filled);
        if (read === 0) break;
        filled += read;
      }
      const bytes = this.buffer.subarray(0, filled);
      for (const required of requiredBytes) if (bytes.indexOf(required) === -1) return undefined;
      if (looksBinary(bytes)) return undefined;
      return decodeText(bytes);
    } finally {
      fs.closeSync(descriptor);
    }
  }
}
