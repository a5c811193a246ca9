/**
 * Noise, as Twitter's Diffy finds it: the same call made twice against the same build. Whatever
 * differs between the two answers (a counter, a timestamp, a random id, the order of a list, a
 * line) is noise, and a later comparison ignores a change there. Nobody has to list counters,
 * lists or ids by hand: the server shows them.
 *
 * A noise map follows the shape of the value: objects by property, arrays by position, JSON text
 * by its parsed value, other text as a template whose differing stretches are gaps.
 */
import { isDeepStrictEqual } from 'node:util';
import { diffArrays } from 'diff';
import type { Json } from './types.js';

export type Noise =
  /** Anything may be here, or nothing. */
  | { vary: 'value' }
  /** The same items (or lines) in another order. */
  | { vary: 'order' }
  /** Text: the literal parts between gaps; `inline[i]` says gap i never spanned a line break. */
  | { vary: 'text'; parts: string[]; inline: boolean[] }
  /** Text with as many lines in both runs: the noise of each line that differed, by index. */
  | { vary: 'lines'; lines: Record<string, Noise> }
  /** Text holding JSON: the noise of the parsed value. */
  | { vary: 'json'; noise: Noise }
  | { props: Record<string, Noise> }
  | { items: Record<string, Noise> };

const isPlainObject = (value: Json): value is { [key: string]: Json } => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Beyond this many changed tokens two texts are not one text with noise: all of it varies. */
const MAX_EDIT = 2000;

const sortedJson = (values: readonly Json[]) => values.map((value) => JSON.stringify(value)).sort();

function parseJsonText(text: string): Json | undefined {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return undefined;
  try {
    return JSON.parse(trimmed) as Json;
  } catch {
    return undefined;
  }
}

/**
 * Words (letters and digits together: a random id is one token, never a few shared characters),
 * runs of spaces, line breaks, and single other characters: "Total calls: 22" differs in one token.
 */
const tokens = (text: string) => text.match(/[\p{L}\p{N}_]+|[^\S\n]+|\n|[^\s\p{L}\p{N}_]/gu) ?? [];

function textNoise(a: string, b: string): Noise {
  const [jsonA, jsonB] = [parseJsonText(a), parseJsonText(b)];
  if (jsonA !== undefined && jsonB !== undefined) {
    const inner = noiseBetween(jsonA, jsonB);
    if (inner) return { vary: 'json', noise: inner };
  }
  const [linesA, linesB] = [a.split('\n'), b.split('\n')];
  if (isDeepStrictEqual([...linesA].sort(), [...linesB].sort())) return { vary: 'order' };
  // Line by line when the lines line up, so that a noisy line does not hide a change in another.
  if (linesA.length === linesB.length && linesA.length > 1) {
    const lines: Record<string, Noise> = {};
    linesA.forEach((line, index) => {
      const noise = line === linesB[index] ? undefined : textNoise(line, linesB[index]);
      if (noise) lines[index] = noise;
    });
    return { vary: 'lines', lines };
  }
  const changes = diffArrays(tokens(a), tokens(b), { maxEditLength: MAX_EDIT });
  if (!changes) return { vary: 'value' };
  const parts = [''];
  const inline: boolean[] = [];
  let inGap = false;
  for (const change of changes) {
    const text = change.value.join('');
    if (change.added || change.removed) {
      if (!inGap) {
        parts.push('');
        inline.push(true);
        inGap = true;
      }
      if (text.includes('\n')) inline[inline.length - 1] = false;
    } else {
      parts[parts.length - 1] += text;
      inGap = false;
    }
  }
  return { vary: 'text', parts, inline };
}

/** What differs between two answers to the same call, or undefined when they are the same. */
export function noiseBetween(a: Json, b: Json): Noise | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (typeof a === 'string' && typeof b === 'string') return textNoise(a, b);
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return { vary: 'value' };
    if (isDeepStrictEqual(sortedJson(a), sortedJson(b))) return { vary: 'order' };
    const items: Record<string, Noise> = {};
    a.forEach((item, index) => {
      const noise = noiseBetween(item, b[index]);
      if (noise) items[index] = noise;
    });
    return { items };
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const props: Record<string, Noise> = {};
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const noise = key in a && key in b ? noiseBetween(a[key], b[key]) : { vary: 'value' as const };
      if (noise) props[key] = noise;
    }
    return { props };
  }
  return { vary: 'value' };
}

/** Does `text` fit the template: its parts in order, gaps anywhere between (inline gaps on one line)? */
export function fitsTemplate(parts: readonly string[], inline: readonly boolean[], text: string): boolean {
  if (!text.startsWith(parts[0])) return false;
  let at = parts[0].length;
  for (let index = 1; index < parts.length; index++) {
    const part = parts[index];
    const last = index === parts.length - 1;
    // The earliest place each part fits leaves the most room for the rest (only gaps are wild).
    const found = last ? (text.endsWith(part) && text.length - part.length >= at ? text.length - part.length : -1) : text.indexOf(part, at);
    if (found === -1) return false;
    if (inline[index - 1] && text.slice(at, found).includes('\n')) return false;
    at = found + part.length;
  }
  return true;
}

export interface Cancelled {
  /** The replayed value with every noisy place that fits the noise set back to the recorded value. */
  value: Json;
  /** How many places differed only by noise. */
  masked: number;
}

/**
 * The replayed value with its noise cancelled: where the recording says a place varies and the
 * replay varies only there, the replay takes the recorded value, so that a comparison sees only
 * the changes beyond the noise.
 */
export function cancelNoise(noise: Noise | undefined, recorded: Json, replayed: Json): Cancelled {
  if (!noise || isDeepStrictEqual(recorded, replayed)) return { value: replayed, masked: 0 };
  const same = { value: recorded, masked: 1 };
  if ('props' in noise) {
    if (!isPlainObject(recorded) || !isPlainObject(replayed)) return { value: replayed, masked: 0 };
    const value: { [key: string]: Json } = { ...replayed };
    let masked = 0;
    for (const [key, inner] of Object.entries(noise.props)) {
      if ('vary' in inner && inner.vary === 'value') {
        if (isDeepStrictEqual(recorded[key], replayed[key])) continue;
        if (key in recorded) value[key] = recorded[key];
        else delete value[key];
        masked++;
      } else if (key in recorded && key in replayed) {
        const result = cancelNoise(inner, recorded[key], replayed[key]);
        value[key] = result.value;
        masked += result.masked;
      }
    }
    return { value, masked };
  }
  if ('items' in noise) {
    if (!Array.isArray(recorded) || !Array.isArray(replayed) || recorded.length !== replayed.length) return { value: replayed, masked: 0 };
    let masked = 0;
    const value = replayed.map((item, index) => {
      const result = cancelNoise(noise.items[index], recorded[index], item);
      masked += result.masked;
      return result.value;
    });
    return { value, masked };
  }
  switch (noise.vary) {
    case 'value':
      return same;
    case 'order':
      if (Array.isArray(recorded) && Array.isArray(replayed)) return isDeepStrictEqual(sortedJson(recorded), sortedJson(replayed)) ? same : { value: replayed, masked: 0 };
      if (typeof recorded === 'string' && typeof replayed === 'string') return isDeepStrictEqual(recorded.split('\n').sort(), replayed.split('\n').sort()) ? same : { value: replayed, masked: 0 };
      return { value: replayed, masked: 0 };
    case 'lines': {
      const [before, after] = typeof recorded === 'string' && typeof replayed === 'string' ? [recorded.split('\n'), replayed.split('\n')] : [[], []];
      if (before.length === 0 || before.length !== after.length) return { value: replayed, masked: 0 };
      let masked = 0;
      const lines = after.map((line, index) => {
        const result = cancelNoise(noise.lines[index], before[index], line);
        masked += result.masked;
        return result.value as string;
      });
      return { value: lines.join('\n'), masked };
    }
    case 'text':
      return typeof replayed === 'string' && fitsTemplate(noise.parts, noise.inline, replayed) ? same : { value: replayed, masked: 0 };
    case 'json': {
      const [before, after] = typeof recorded === 'string' && typeof replayed === 'string' ? [parseJsonText(recorded), parseJsonText(replayed)] : [undefined, undefined];
      if (before === undefined || after === undefined) return { value: replayed, masked: 0 };
      const result = cancelNoise(noise.noise, before, after);
      return isDeepStrictEqual(result.value, before) ? { value: recorded, masked: result.masked } : { value: replayed, masked: 0 };
    }
  }
}
