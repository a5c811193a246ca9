/**
 * Noise, as Twitter's Diffy finds it: the same calls made against two starts of the same build.
 * Whatever differs between the two runs (a counter, a timestamp, a random id, the order or length
 * of a list) is noise, and a later comparison ignores a change there; what was the same in both
 * runs is compared exactly. Nobody has to list counters, lists or ids by hand: the server shows them.
 *
 * A noise map follows the shape of the value: objects by property, arrays by position or, when
 * their members differed, as a set of kinds of items; JSON text by its parsed value; other text as
 * its first and last lines (that stay) around a stretch of kinds of lines (cli/probe/line-kinds.ts).
 */
import { isDeepStrictEqual } from 'node:util';
import { collapse, kindOfLine, lineKinds, type LineKind } from './line-kinds.js';
import { isLiteral, literal, measuresAsGaps, type LineTemplate } from './line-template.js';
import { itemKinds, kindOfItem, signature, type ItemKind } from './item-kinds.js';
import type { Json } from './types.js';

export type Noise =
  /** Anything may be here, or nothing. */
  | { vary: 'value' }
  /** The same items (or lines) in another order. */
  | { vary: 'order' }
  /**
   * Text: the recorded text's first `head` and last `tail` lines stay; each line between is of one
   * of `kinds`. When both runs had their kinds in one order, `order` is it (a list of one kind
   * counts once, so its length may vary).
   */
  | { vary: 'lines'; head: number; tail: number; kinds: LineKind[]; order?: number[]; nonEmpty?: true }
  /** Text holding JSON: the noise of the parsed value. */
  | { vary: 'json'; noise: Noise }
  /** An array whose members differed: each item of one of `kinds` (`order` as for lines). */
  | { vary: 'members'; kinds: ItemKind[]; order?: number[]; nonEmpty?: true }
  | { props: Record<string, Noise> }
  | { items: Record<string, Noise> };

const isPlainObject = (value: Json): value is { [key: string]: Json } => value !== null && typeof value === 'object' && !Array.isArray(value);

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

/** The kind sequence of both runs when they agree, collapsed; undefined when the order itself varied. */
function sharedOrder(kindOf: readonly number[], lengthA: number): number[] | undefined {
  const [a, b] = [collapse(kindOf.slice(0, lengthA)), collapse(kindOf.slice(lengthA))];
  return isDeepStrictEqual(a, b) ? a : undefined;
}

function textNoise(a: string, b: string): Noise {
  const [jsonA, jsonB] = [parseJsonText(a), parseJsonText(b)];
  if (jsonA !== undefined && jsonB !== undefined) {
    const inner = noiseBetween(jsonA, jsonB);
    if (inner) return { vary: 'json', noise: inner };
  }
  const [linesA, linesB] = [a.split('\n'), b.split('\n')];
  if (isDeepStrictEqual([...linesA].sort(), [...linesB].sort())) return { vary: 'order' };
  let head = 0;
  while (head < Math.min(linesA.length, linesB.length) && linesA[head] === linesB[head]) head++;
  let tail = 0;
  while (tail < Math.min(linesA.length, linesB.length) - head && linesA[linesA.length - 1 - tail] === linesB[linesB.length - 1 - tail]) tail++;
  const middle = (lines: string[]) => lines.slice(head, lines.length - tail);
  const samples = [...middle(linesA).map((line) => ({ line, run: 0 as const })), ...middle(linesB).map((line) => ({ line, run: 1 as const }))];
  let found = lineKinds(samples);
  // A line that stayed at the edge but is of a kind of the stretch (the first process of a list)
  // belongs to the stretch: it is a member of the list, not a fixed line.
  const fitsStretch = (line: string) => kindOfLine(found.kinds, line) !== -1;
  let [moreHead, moreTail] = [0, 0];
  while (head - moreHead > 0 && fitsStretch(linesA[head - moreHead - 1])) moreHead++;
  while (tail - moreTail > 0 && fitsStretch(linesA[linesA.length - tail + moreTail])) moreTail++;
  if (moreHead + moreTail > 0) {
    head -= moreHead;
    tail -= moreTail;
    found = lineKinds([...middle(linesA).map((line) => ({ line, run: 0 as const })), ...middle(linesB).map((line) => ({ line, run: 1 as const }))]);
  }
  // Figures moved in the stretch: a measurement that read the same on both runs may move too, also
  // on the lines around it, which then join the stretch (the edges are compared exactly).
  const figuresMoved = found.kinds.some((kind) => movedFigure(kind.template));
  if (figuresMoved) {
    const firstMeasured = linesA.slice(0, head).findIndex(isMeasured);
    const lastMeasured = linesA.slice(linesA.length - tail).findLastIndex(isMeasured);
    if (firstMeasured !== -1 || lastMeasured !== -1) {
      if (firstMeasured !== -1) head = firstMeasured;
      if (lastMeasured !== -1) tail -= lastMeasured + 1;
      found = lineKinds([...middle(linesA).map((line) => ({ line, run: 0 as const })), ...middle(linesB).map((line) => ({ line, run: 1 as const }))]);
    }
  }
  const order = sharedOrder(found.kindOf, middle(linesA).length);
  const nonEmpty = middle(linesA).length > 0 && middle(linesB).length > 0;
  const kinds = figuresMoved ? found.kinds.map((kind) => ({ ...kind, template: measuresAsGaps(kind.template) })) : found.kinds;
  return { vary: 'lines', head, tail, kinds, ...(order ? { order } : {}), ...(nonEmpty ? { nonEmpty: true } : {}) };
}

/** A template with a number gap: a figure that differed between the runs. */
const movedFigure = (template: LineTemplate) => template.some((piece) => typeof piece !== 'string' && piece.gap === 'number');

/** A line holding a measurement (`• Success rate: 61%`). */
const isMeasured = (line: string) => !isLiteral(measuresAsGaps(literal(line)));

const hasDigit = (value: Json) => typeof value === 'number' || (typeof value === 'string' && /\d/.test(value));

/**
 * A measurement that read the same in both runs (`"heapTotal": "79.52 MB"`) beside figures that
 * moved (`rss`, `heapUsed`): its number may move too, its unit and words stay. Undefined for
 * any other value, which stays exact.
 */
function measurementNoise(value: Json): Noise | undefined {
  if (typeof value !== 'string' || value.includes('\n')) return undefined;
  const template = measuresAsGaps(literal(value));
  if (isLiteral(template)) return undefined;
  return { vary: 'lines', head: 0, tail: 0, kinds: [{ template, both: true }], order: [0], nonEmpty: true };
}

/** One item seen twice: equal, or an object with the same keys and at least half of its values equal. */
function alike(a: Json, b: Json): boolean {
  if (isDeepStrictEqual(a, b)) return true;
  if (!isPlainObject(a) || !isPlainObject(b) || signature(a) !== signature(b)) return false;
  const keys = Object.keys(a);
  return keys.filter((key) => isDeepStrictEqual(a[key], b[key])).length * 2 >= keys.length;
}

function arrayNoise(a: Json[], b: Json[]): Noise {
  if (isDeepStrictEqual(sortedJson(a), sortedJson(b))) return { vary: 'order' };
  // The same items, place by place, each with its own noise (a record whose timestamp moves);
  // when the items at a place are not one item (another process), the members themselves varied.
  if (a.length === b.length && a.every((item, index) => alike(item, b[index]))) {
    const items: Record<string, Noise> = {};
    a.forEach((item, index) => {
      const noise = noiseBetween(item, b[index]);
      if (noise) items[index] = noise;
    });
    return { items };
  }
  const found = itemKinds(a, b);
  const order = sharedOrder(found.kindOf, a.length);
  return { vary: 'members', kinds: found.kinds, ...(order ? { order } : {}), ...(a.length > 0 && b.length > 0 ? { nonEmpty: true } : {}) };
}

/** What differs between two runs' answers to the same call, or undefined when they are the same. */
export function noiseBetween(a: Json, b: Json): Noise | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (typeof a === 'string' && typeof b === 'string') return textNoise(a, b);
  if (Array.isArray(a) && Array.isArray(b)) return arrayNoise(a, b);
  if (isPlainObject(a) && isPlainObject(b)) {
    const props: Record<string, Noise> = {};
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const noise = key in a && key in b ? noiseBetween(a[key], b[key]) : { vary: 'value' as const };
      if (noise) props[key] = noise;
    }
    const figuresMoved = Object.keys(props).some((key) => key in a && key in b && hasDigit(a[key]) && hasDigit(b[key]));
    if (figuresMoved) {
      for (const key of Object.keys(a)) {
        const noise = key in props || !(key in b) ? undefined : measurementNoise(a[key]);
        if (noise) props[key] = noise;
      }
    }
    return { props };
  }
  return { vary: 'value' };
}

export interface Cancelled {
  /** The replayed value with every noisy place that fits the noise set back to the recorded value. */
  value: Json;
  /** How many places differed only by noise. */
  masked: number;
}

interface Membership {
  /** Each replayed member's kind, -1 for none. */
  kinds: number[];
  ok: boolean;
  /** Kinds both recorded runs had that the replay lacks. */
  missing: number[];
}

/** Are the replayed members (their kinds found) what the noise allows: known kinds, the required ones there, in order? */
function membership(kindsOf: number[], noise: { kinds: readonly (LineKind | ItemKind)[]; order?: number[]; nonEmpty?: true }): Membership {
  const present = new Set(kindsOf);
  const missing = noise.kinds.map((kind, index) => (kind.both && !present.has(index) ? index : -1)).filter((index) => index !== -1);
  const ok = !present.has(-1) && missing.length === 0 && (!noise.nonEmpty || kindsOf.length > 0) && (!noise.order || isDeepStrictEqual(collapse(kindsOf), noise.order));
  return { kinds: kindsOf, ok, missing };
}

function cancelLines(noise: Extract<Noise, { vary: 'lines' }>, recorded: string, replayed: string): Cancelled {
  const [before, after] = [recorded.split('\n'), replayed.split('\n')];
  const { head, tail } = noise;
  if (after.length < head + tail) return { value: replayed, masked: 0 };
  const edgesStay = before.slice(0, head).every((line, index) => after[index] === line) && before.slice(before.length - tail).every((line, index) => after[after.length - tail + index] === line);
  const [middleBefore, middleAfter] = [before.slice(head, before.length - tail), after.slice(head, after.length - tail)];
  const found = membership(
    middleAfter.map((line) => kindOfLine(noise.kinds, line)),
    noise,
  );
  const known = new Set(middleBefore);
  const masked = middleAfter.filter((line, index) => found.kinds[index] !== -1 && !known.has(line)).length + (middleAfter.length !== middleBefore.length ? 1 : 0);
  if (edgesStay && found.ok) return { value: recorded, masked: Math.max(masked, 1) };
  // Not noise: show the change where a comparison looks first (a changed edge line, a new kind of
  // line, a missing one), with the noise around it cancelled.
  const unknown = middleAfter.filter((_line, index) => found.kinds[index] === -1);
  const recordedKinds = middleBefore.map((line) => kindOfLine(noise.kinds, line));
  const middle = found.ok ? middleBefore : unknown.length > 0 ? [...unknown, ...middleBefore] : found.missing.length > 0 ? middleBefore.filter((_line, index) => !found.missing.includes(recordedKinds[index])) : middleAfter;
  return { value: [...after.slice(0, head), ...middle, ...after.slice(after.length - tail)].join('\n'), masked: found.ok ? masked : 0 };
}

function cancelMembers(noise: Extract<Noise, { vary: 'members' }>, recorded: Json[], replayed: Json[]): Cancelled {
  const found = membership(
    replayed.map((item) => kindOfItem(noise.kinds, item)),
    noise,
  );
  if (!found.ok) return { value: replayed, masked: 0 };
  const known = new Set(recorded.map((item) => JSON.stringify(item)));
  return { value: recorded, masked: Math.max(1, replayed.filter((item) => !known.has(JSON.stringify(item))).length) };
}

/**
 * The replayed value with its noise cancelled: where the recording says a place varies and the
 * replay varies only as the runs did, the replay takes the recorded value, so that a comparison
 * sees only the changes beyond the noise.
 */
export function cancelNoise(noise: Noise | undefined, recorded: Json, replayed: Json): Cancelled {
  if (!noise || isDeepStrictEqual(recorded, replayed)) return { value: replayed, masked: 0 };
  const unchanged = { value: replayed, masked: 0 };
  if ('props' in noise) {
    if (!isPlainObject(recorded) || !isPlainObject(replayed)) return unchanged;
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
    if (!Array.isArray(recorded) || !Array.isArray(replayed) || recorded.length !== replayed.length) return unchanged;
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
      return { value: recorded, masked: 1 };
    case 'order':
      if (Array.isArray(recorded) && Array.isArray(replayed)) return isDeepStrictEqual(sortedJson(recorded), sortedJson(replayed)) ? { value: recorded, masked: 1 } : unchanged;
      if (typeof recorded === 'string' && typeof replayed === 'string') return isDeepStrictEqual(recorded.split('\n').sort(), replayed.split('\n').sort()) ? { value: recorded, masked: 1 } : unchanged;
      return unchanged;
    case 'lines':
      return typeof recorded === 'string' && typeof replayed === 'string' ? cancelLines(noise, recorded, replayed) : unchanged;
    case 'members':
      return Array.isArray(recorded) && Array.isArray(replayed) ? cancelMembers(noise, recorded, replayed) : unchanged;
    case 'json': {
      const [before, after] = typeof recorded === 'string' && typeof replayed === 'string' ? [parseJsonText(recorded), parseJsonText(replayed)] : [undefined, undefined];
      if (before === undefined || after === undefined) return unchanged;
      const result = cancelNoise(noise.noise, before, after);
      return isDeepStrictEqual(result.value, before) ? { value: recorded, masked: result.masked } : unchanged;
    }
  }
}
