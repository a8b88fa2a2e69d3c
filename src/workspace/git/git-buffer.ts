/**
 * The part of Node's `Buffer` that isomorphic-git's own code calls, over Uint8Array. Its
 * browser builds expect a global `Buffer` (the library's docs ask pages to add a polyfill)
 * and Cove has no polyfill package, so the app installs this one before loading git
 * (installGitBuffer). Unit tests run the git service with it in place of Node's Buffer.
 *
 * Differences from Node kept on purpose: `slice` is a view (as Node's is); encodings are
 * utf8, hex, base64 and latin1 (binary, ascii) only, which is all git needs; an unknown one
 * throws rather than guessing.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder();

type Encoding = 'utf8' | 'hex' | 'base64' | 'latin1';

function encodingOf(name: unknown): Encoding {
  const value = typeof name === 'string' ? name.toLowerCase() : 'utf8';
  if (value === 'utf8' || value === 'utf-8') return 'utf8';
  if (value === 'hex') return 'hex';
  if (value === 'base64') return 'base64';
  if (value === 'latin1' || value === 'binary' || value === 'ascii') return 'latin1';
  throw new TypeError(`Unknown encoding: ${String(name)}`);
}

function bytesOf(text: string, encoding: Encoding): Uint8Array {
  switch (encoding) {
    case 'utf8':
      return encoder.encode(text);
    case 'hex': {
      const bytes = new Uint8Array(Math.floor(text.length / 2));
      for (let i = 0; i < bytes.length; i++) {
        const byte = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
        if (Number.isNaN(byte)) return bytes.subarray(0, i);
        bytes[i] = byte;
      }
      return bytes;
    }
    case 'base64': {
      const binary = atob(text.replace(/[^A-Za-z0-9+/]/g, ''));
      return Uint8Array.from(binary, (char) => char.charCodeAt(0));
    }
    case 'latin1':
      return Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);
  }
}

function textOf(bytes: Uint8Array, encoding: Encoding): string {
  switch (encoding) {
    case 'utf8':
      return decoder.decode(bytes);
    case 'hex': {
      let out = '';
      for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
      return out;
    }
    case 'base64': {
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    }
    case 'latin1': {
      let out = '';
      for (const byte of bytes) out += String.fromCharCode(byte);
      return out;
    }
  }
}

/** A Uint8Array with the Buffer methods isomorphic-git uses. */
export class GitBuffer extends Uint8Array {
  static override from(value: unknown, encodingOrOffset?: unknown, length?: number): GitBuffer {
    if (typeof value === 'string')
      return GitBuffer.wrap(bytesOf(value, encodingOf(encodingOrOffset)));
    if (value instanceof ArrayBuffer) {
      const offset = typeof encodingOrOffset === 'number' ? encodingOrOffset : 0;
      return new GitBuffer(value, offset, length ?? value.byteLength - offset);
    }
    if (ArrayBuffer.isView(value)) {
      const view = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      const copy = new GitBuffer(view.length);
      copy.set(view);
      return copy;
    }
    if (Array.isArray(value)) {
      const copy = new GitBuffer(value.length);
      copy.set(value as number[]);
      return copy;
    }
    throw new TypeError('GitBuffer.from needs a string, an ArrayBuffer, a typed array or an array');
  }

  static alloc(size: number, fill?: number | string): GitBuffer {
    const buffer = new GitBuffer(size);
    if (typeof fill === 'number') buffer.fill(fill);
    else if (typeof fill === 'string' && fill) buffer.fill(fill.charCodeAt(0));
    return buffer;
  }

  static allocUnsafe(size: number): GitBuffer {
    return new GitBuffer(size);
  }

  static isBuffer(value: unknown): value is GitBuffer {
    return value instanceof GitBuffer;
  }

  static byteLength(value: string | ArrayBufferView | ArrayBuffer, encoding?: string): number {
    if (typeof value === 'string') return bytesOf(value, encodingOf(encoding)).length;
    return value.byteLength;
  }

  static concat(list: readonly Uint8Array[], totalLength?: number): GitBuffer {
    const total = totalLength ?? list.reduce((sum, item) => sum + item.length, 0);
    const out = new GitBuffer(total);
    let offset = 0;
    for (const item of list) {
      if (offset >= total) break;
      const part = item.length > total - offset ? item.subarray(0, total - offset) : item;
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }

  static compare(a: Uint8Array, b: Uint8Array): number {
    const length = Math.min(a.length, b.length);
    for (let i = 0; i < length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
    return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
  }

  private static wrap(bytes: Uint8Array): GitBuffer {
    return new GitBuffer(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
  }

  override toString(encoding?: string, start = 0, end = this.length): string {
    return textOf(this.subarray(start, end), encodingOf(encoding));
  }

  /** Node's write(string[, offset[, length]][, encoding]); returns the bytes written. */
  write(text: string, first?: number | string, second?: number | string, third?: string): number {
    let offset = 0;
    let length: number | undefined;
    let encoding: unknown;
    if (typeof first === 'string') encoding = first;
    else {
      offset = first ?? 0;
      if (typeof second === 'string') encoding = second;
      else [length, encoding] = [second, third];
    }
    const bytes = bytesOf(text, encodingOf(encoding));
    const count = Math.min(bytes.length, length ?? Infinity, this.length - offset);
    this.set(bytes.subarray(0, count), offset);
    return count;
  }

  /** A view of the same bytes, as Node's Buffer gives (Uint8Array's slice copies). */
  override slice(start?: number, end?: number): GitBuffer {
    return this.subarray(start, end) as GitBuffer;
  }

  copy(target: Uint8Array, targetStart = 0, sourceStart = 0, sourceEnd = this.length): number {
    const part = this.subarray(
      sourceStart,
      Math.min(sourceEnd, sourceStart + target.length - targetStart),
    );
    target.set(part, targetStart);
    return part.length;
  }

  equals(other: Uint8Array): boolean {
    return GitBuffer.compare(this, other) === 0;
  }

  /** Finds a byte, or (unlike Uint8Array) a string's or a byte array's bytes. */
  override indexOf(value: number | string | Uint8Array, byteOffset = 0): number {
    if (typeof value === 'number') return super.indexOf(value, byteOffset);
    const needle = typeof value === 'string' ? encoder.encode(value) : value;
    if (needle.length === 0) return Math.min(byteOffset, this.length);
    outer: for (let i = Math.max(0, byteOffset); i <= this.length - needle.length; i++) {
      for (let j = 0; j < needle.length; j++) if (this[i + j] !== needle[j]) continue outer;
      return i;
    }
    return -1;
  }

  override includes(value: number | string | Uint8Array, byteOffset = 0): boolean {
    return this.indexOf(value, byteOffset) !== -1;
  }

  readUInt8(offset = 0): number {
    return this.view().getUint8(offset);
  }
  readUInt16BE(offset = 0): number {
    return this.view().getUint16(offset);
  }
  readUInt32BE(offset = 0): number {
    return this.view().getUint32(offset);
  }
  readInt32BE(offset = 0): number {
    return this.view().getInt32(offset);
  }
  readUInt32LE(offset = 0): number {
    return this.view().getUint32(offset, true);
  }
  writeUInt8(value: number, offset = 0): number {
    this.view().setUint8(offset, value);
    return offset + 1;
  }
  writeUInt16BE(value: number, offset = 0): number {
    this.view().setUint16(offset, value);
    return offset + 2;
  }
  writeUInt32BE(value: number, offset = 0): number {
    this.view().setUint32(offset, value);
    return offset + 4;
  }
  writeInt32BE(value: number, offset = 0): number {
    this.view().setInt32(offset, value);
    return offset + 4;
  }

  private view(): DataView {
    return new DataView(this.buffer, this.byteOffset, this.byteLength);
  }
}

/**
 * Gives `global` a `Buffer` when it has none (a browser page), for isomorphic-git; leaves
 * Node's alone. Called once by the app before git loads.
 */
export function installGitBuffer(global: { Buffer?: unknown }): void {
  global.Buffer ??= GitBuffer;
}
