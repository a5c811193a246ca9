/**
 * `${var}` in a step's arguments. A name is a scenario variable (`vars`), a capture of an earlier
 * step, or an earlier step's name followed by a path into its result: `${open.text}`,
 * `${open.structuredContent.id}`, `${list.json.0.id}` (`json` is the first text item parsed as
 * JSON). A string that is exactly one `${…}` takes the value's own type; inside a longer string
 * the value is written as text. `$${` stands for a literal `${`.
 */
import { isObject, viewResult } from './result-view.js';
import type { Json, JsonObject, Outcome } from './types.js';

const TEMPLATE = /(\$?)\$\{([A-Za-z_][\w-]*)((?:\.[\w-]+)*)\}/g;
const WHOLE = /^\$\{([A-Za-z_][\w-]*)((?:\.[\w-]+)*)\}$/;

export interface Reference {
  /** What was written, `${open.structuredContent.id}`. */
  text: string;
  root: string;
  path: string[];
}

/** Every `${…}` in the strings of a value (escaped ones excluded), with where it is. */
export function references(value: Json, where: string[] = []): Array<Reference & { where: string[] }> {
  if (typeof value === 'string') {
    const found: Array<Reference & { where: string[] }> = [];
    for (const match of value.matchAll(TEMPLATE)) {
      if (match[1] === '$') continue;
      found.push({ text: match[0], root: match[2], path: match[3].split('.').filter(Boolean), where });
    }
    return found;
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => references(item, [...where, String(index)]));
  if (isObject(value)) return Object.entries(value).flatMap(([key, item]) => references(item, [...where, key]));
  return [];
}

/** What later steps can read: scenario variables, captures, and named steps' outcomes. */
export class Scope {
  private readonly values = new Map<string, Json>();
  private readonly outcomes = new Map<string, Outcome>();

  constructor(vars: Readonly<Record<string, Json>> = {}) {
    for (const [name, value] of Object.entries(vars)) this.values.set(name, value);
  }

  set(name: string, value: Json): void {
    this.values.set(name, value);
  }

  setOutcome(stepName: string, outcome: Outcome): void {
    this.outcomes.set(stepName, outcome);
  }

  /** The value a reference denotes, or why there is none. */
  lookup(reference: Reference): { value: Json } | { missing: string } {
    if (this.values.has(reference.root) && reference.path.length === 0) return { value: this.values.get(reference.root)! };
    const outcome = this.outcomes.get(reference.root);
    if (!outcome) return { missing: `${reference.text} has no value (nothing called ${reference.root} ran before)` };
    if (outcome.type !== 'result') return { missing: `${reference.text} has no value (${reference.root} ended in a ${outcome.type})` };
    const view = viewResult(outcome.result);
    const [field, ...rest] = reference.path;
    let current: Json | undefined;
    if (field === undefined || field === 'text') current = view.text;
    else if (field === 'isError') current = view.isError;
    else if (field === 'structuredContent') current = view.structuredContent;
    else if (field === 'json') current = parseJson(view.texts[0] ?? '');
    else return { missing: `${reference.text}: a step's result has text, json, structuredContent and isError, not ${field}` };
    if (field === undefined || field === 'text' || field === 'isError') {
      if (rest.length > 0) return { missing: `${reference.text}: ${field ?? 'text'} has no properties` };
    }
    for (const key of rest) {
      current = isObject(current) ? current[key] : Array.isArray(current) ? current[Number(key)] : undefined;
    }
    return current === undefined ? { missing: `${reference.text} has no value (${reference.root} returned none there)` } : { value: current };
  }
}

function parseJson(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

function resolveString(text: string, scope: Scope): { value: Json } | { missing: string } {
  const whole = WHOLE.exec(text);
  if (whole) return scope.lookup({ text, root: whole[1], path: whole[2].split('.').filter(Boolean) });
  let missing: string | undefined;
  const value = text.replace(TEMPLATE, (match: string, escape: string, root: string, path: string) => {
    if (escape === '$') return match.slice(1);
    const found = scope.lookup({ text: match.slice(escape.length), root, path: path.split('.').filter(Boolean) });
    if ('missing' in found) {
      missing ??= found.missing;
      return match;
    }
    return typeof found.value === 'string' ? found.value : JSON.stringify(found.value);
  });
  return missing ? { missing } : { value };
}

function resolveValue(value: Json, scope: Scope): { value: Json } | { missing: string } {
  if (typeof value === 'string') return resolveString(value, scope);
  if (Array.isArray(value)) {
    const items: Json[] = [];
    for (const item of value) {
      const resolved = resolveValue(item, scope);
      if ('missing' in resolved) return resolved;
      items.push(resolved.value);
    }
    return { value: items };
  }
  if (isObject(value)) {
    const object: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      const resolved = resolveValue(item, scope);
      if ('missing' in resolved) return resolved;
      object[key] = resolved.value;
    }
    return { value: object };
  }
  return { value };
}

/** The arguments with every `${…}` replaced, or the first reference that has no value. */
export function resolveArguments(args: JsonObject, scope: Scope): { value: JsonObject } | { missing: string } {
  const resolved = resolveValue(args, scope);
  if ('missing' in resolved) return resolved;
  return { value: resolved.value as JsonObject };
}

/** The step's captures from its result text: group 1 when the expression has one, else the whole match. */
export function captureValues(capture: Readonly<Record<string, string>>, outcome: Outcome): { values: Record<string, string> } | { missing: string } {
  const text = outcome.type === 'result' ? viewResult(outcome.result).text : '';
  const values: Record<string, string> = {};
  for (const [name, source] of Object.entries(capture)) {
    const match = new RegExp(source, 'u').exec(text);
    if (!match) return { missing: `capture ${name} (/${source}/) matched nothing in the result text` };
    values[name] = match[1] ?? match[0];
  }
  return { values };
}
