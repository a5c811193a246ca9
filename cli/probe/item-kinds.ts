/**
 * Kinds of items in a noisy array (a list whose length or members differed between the runs):
 * items with the same keys are one kind, whose shape keeps the values that were the same in every
 * item and lets vary the ones that differed. Strings are lines, and take line kinds.
 */
import { isDeepStrictEqual } from 'node:util';
import { lineKinds } from './line-kinds.js';
import { fitsLine, literal, mergeLine, oneRunTemplate, valuesAsGaps, type LineTemplate } from './line-template.js';
import type { Json } from './types.js';

/** What an item of a kind may be: this value, anything, a line of a template, an object by property. */
export type Shape = { is: 'same'; value: Json } | { is: 'any' } | { is: 'line'; template: LineTemplate } | { is: 'object'; props: Record<string, Shape> };

export interface ItemKind {
  shape: Shape;
  /** Both recorded runs had an item of this kind: a replay must too. */
  both?: true;
}

interface Sample {
  value: Json;
  run: 0 | 1;
}

const isPlainObject = (value: Json): value is { [key: string]: Json } => value !== null && typeof value === 'object' && !Array.isArray(value);
const isLine = (value: Json): value is string => typeof value === 'string' && !value.includes('\n');

/** Items of one kind share this: their type, and for objects their keys. */
export function signature(value: Json): string {
  if (isPlainObject(value)) return `object:${Object.keys(value).sort().join(',')}`;
  return Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
}

/** A value seen in one run only: its words and keys stay, its numbers and values with digits may vary. */
function oneRunShape(value: Json): Shape {
  if (typeof value === 'number') return { is: 'any' };
  if (isLine(value)) return { is: 'line', template: oneRunTemplate(value) };
  if (typeof value === 'string' || Array.isArray(value)) return /\d/.test(JSON.stringify(value)) ? { is: 'any' } : { is: 'same', value };
  if (isPlainObject(value)) return { is: 'object', props: Object.fromEntries(Object.entries(value).map(([key, item]) => [key, oneRunShape(item)])) };
  return { is: 'same', value };
}

/** The shape that holds every sample (all of one signature). */
export function shapeOf(samples: readonly Sample[]): Shape {
  const both = new Set(samples.map((sample) => sample.run)).size === 2;
  const first = samples[0].value;
  if (samples.every((sample) => isDeepStrictEqual(sample.value, first))) return both ? { is: 'same', value: first } : oneRunShape(first);
  if (samples.every((sample) => isPlainObject(sample.value))) {
    const props: Record<string, Shape> = {};
    for (const key of Object.keys(first as object)) props[key] = shapeOf(samples.map((sample) => ({ value: (sample.value as Record<string, Json>)[key], run: sample.run })));
    return { is: 'object', props };
  }
  if (samples.every((sample) => isLine(sample.value))) {
    let template: LineTemplate | undefined = literal(first as string);
    for (const sample of samples.slice(1)) template = template && mergeLine(template, sample.value as string);
    if (template) return { is: 'line', template: both ? template : valuesAsGaps(template) };
  }
  return { is: 'any' };
}

export function fitsShape(shape: Shape, value: Json): boolean {
  switch (shape.is) {
    case 'any':
      return true;
    case 'same':
      return isDeepStrictEqual(shape.value, value);
    case 'line':
      return typeof value === 'string' && fitsLine(shape.template, value);
    case 'object': {
      if (!isPlainObject(value)) return false;
      const keys = Object.keys(shape.props);
      return keys.length === Object.keys(value).length && keys.every((key) => key in value && fitsShape(shape.props[key], value[key]));
    }
  }
}

/** The kinds of the items of two runs' arrays, and for each item (run 0's, then run 1's) its kind. */
export function itemKinds(a: readonly Json[], b: readonly Json[]): { kinds: ItemKind[]; kindOf: number[] } {
  const samples: Sample[] = [...a.map((value) => ({ value, run: 0 as const })), ...b.map((value) => ({ value, run: 1 as const }))];
  const kinds: ItemKind[] = [];
  const kindOf: number[] = new Array<number>(samples.length);
  // Lines take line kinds, so that "backup ok" and "rotate ok" are one kind and "Error: …" another.
  const lines = samples.map((sample, index) => ({ sample, index })).filter(({ sample }) => isLine(sample.value));
  if (lines.length > 0) {
    const found = lineKinds(lines.map(({ sample }) => ({ line: sample.value as string, run: sample.run })));
    found.kinds.forEach((kind) => kinds.push({ shape: { is: 'line', template: kind.template }, ...(kind.both ? { both: true } : {}) }));
    lines.forEach(({ index }, at) => (kindOf[index] = found.kindOf[at]));
  }
  const bySignature = new Map<string, number[]>();
  samples.forEach((sample, index) => {
    if (isLine(sample.value)) return;
    const key = signature(sample.value);
    bySignature.set(key, [...(bySignature.get(key) ?? []), index]);
  });
  for (const indices of bySignature.values()) {
    const group = indices.map((index) => samples[index]);
    const kind = kinds.length;
    kinds.push({ shape: shapeOf(group), ...(new Set(group.map((sample) => sample.run)).size === 2 ? { both: true } : {}) });
    for (const index of indices) kindOf[index] = kind;
  }
  return { kinds, kindOf };
}

export const kindOfItem = (kinds: readonly ItemKind[], value: Json) => kinds.findIndex((kind) => fitsShape(kind.shape, value));
