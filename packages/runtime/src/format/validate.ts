/** Argument checks shared by the formatters, so bad input fails with the function's name. */
import { describeType } from '../results/json-safe.js';

export function requireString(fn: string, name: string, value: unknown): string {
  if (typeof value !== 'string') throw new TypeError(`${fn}: ${name} must be a string, got ${describeType(value)}`);
  return value;
}

export function requireStringArray(fn: string, name: string, value: unknown): string[] {
  if (!Array.isArray(value)) throw new TypeError(`${fn}: ${name} must be an array of strings, got ${describeType(value)}`);
  value.forEach((item, i) => requireString(fn, `${name}[${i}]`, item));
  return value as string[];
}

export function requireInteger(fn: string, name: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(`${fn}: ${name} must be an integer, got ${describeType(value)}${typeof value === 'number' ? ` ${value}` : ''}`);
  }
  if (value < min) throw new RangeError(`${fn}: ${name} must be >= ${min}, got ${value}`);
  return value;
}

export function readOptions(fn: string, options: unknown): Record<string, unknown> {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`${fn}: options must be an object, got ${describeType(options)}`);
  }
  return options as Record<string, unknown>;
}

/** Split text into lines on LF or CRLF, so Windows line endings never leave a stray `\r`. */
export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}
