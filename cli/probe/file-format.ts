/**
 * The probe's own files (scenarios, recordings): read as YAML (JSON is YAML too) with positions,
 * checked against a JSON Schema, and every problem reported as `file:line:col: path: what is wrong`.
 */
import { readFileSync } from 'node:fs';
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import { ProbeError } from './errors.js';
import { validate } from './schema.js';

/** A file read for its value; its YAML document (for positions) is made only when a message needs one. */
export interface SourceFile {
  /** The name messages use (as the user gave it). */
  display: string;
  value: unknown;
  /** `file:line:col` of the value at `segments` (or of its nearest existing parent); with `key`, of that key in the map there. */
  position(segments: readonly (string | number)[], key?: string): string;
}

function parse(text: string): { document: Document; lines: LineCounter } {
  const lines = new LineCounter();
  return { document: parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true }), lines };
}

/**
 * Reads a file as YAML (JSON is YAML too). Text that JSON.parse reads is taken as it is: a
 * recording of a thousand calls would take the YAML parser a noticeable while.
 */
export function readSourceFile(file: string, what: string, display = file): SourceFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ProbeError(`cannot read the ${what} ${display}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let parsed: ReturnType<typeof parse> | undefined;
  const documentOf = () => (parsed ??= parse(text));
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    const { document, lines } = documentOf();
    if (document.errors.length > 0) {
      const problems = document.errors.slice(0, 5).map((error) => {
        const position = lines.linePos(error.pos[0]);
        return `${display}:${position.line}:${position.col}: ${error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '')}`;
      });
      throw new ProbeError(`the ${what} does not parse:\n  ${problems.join('\n  ')}`);
    }
    value = document.toJS({ maxAliasCount: 100 }) as unknown;
  }
  return {
    display,
    value,
    position(segments, key) {
      const { document, lines } = documentOf();
      const at = (offset: number) => {
        const position = lines.linePos(offset);
        return `${display}:${position.line}:${position.col}`;
      };
      if (key !== undefined) {
        const map = document.getIn(segments, true);
        const pair = isMap(map) ? map.items.find((item) => isScalar(item.key) && item.key.value === key) : undefined;
        if (pair && isScalar(pair.key) && pair.key.range) return at(pair.key.range[0]);
      }
      for (let depth = segments.length; depth >= 0; depth--) {
        const node = document.getIn(segments.slice(0, depth), true) as { range?: [number, number, number] } | undefined;
        if (node?.range) return at(node.range[0]);
      }
      return display;
    },
  };
}

export interface Problem {
  segments: (string | number)[];
  message: string;
  /** The key the problem is about (an unknown key), to point at it rather than at its map. */
  key?: string;
}

const segmentsOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part.replace(/~1/g, '/').replace(/~0/g, '~')));

/** Ajv's errors as problems, one per bad entry, in words a person acts on. */
export function schemaProblems(schema: object, value: unknown, offset: (string | number)[] = []): Problem[] {
  const verdict = validate(schema, value, '');
  if (verdict.valid) return [];
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const error of verdict.errors) {
    // anyOf reports every branch; its own summary is enough.
    if (verdict.errors.some((other) => other.keyword === 'anyOf' && error.schemaPath.startsWith(other.schemaPath.replace(/\/anyOf$/, '/anyOf/')))) continue;
    const segments = [...offset, ...segmentsOf(error.instancePath)];
    const params = error.params as Record<string, unknown>;
    let message: string;
    if (error.keyword === 'required') message = `missing '${String(params.missingProperty)}'`;
    else if (error.keyword === 'additionalProperties') {
      const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      message = `unknown key '${String(params.additionalProperty)}'${allowed.length > 0 ? ` (allowed: ${allowed.join(', ')})` : ''}`;
    } else if (error.keyword === 'enum') message = `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    else if (error.keyword === 'anyOf') message = 'must be { pattern, flags?, replacement? } or { key, replacement? }';
    else if (error.keyword === 'propertyNames') message = `'${String(params.propertyName)}' is not a valid name (letters, digits, _ and -, not starting with a digit)`;
    // The pattern behind a propertyNames error: that error says it.
    else if (error.keyword === 'pattern' && error.propertyName !== undefined) continue;
    else if (error.keyword === 'pattern') message = segments.at(-1) === 'flags' ? 'may hold only the flags i, m, s, u and y' : 'must be a name of letters, digits, _ and - (not starting with a digit)';
    else message = error.message ?? 'is invalid';
    const key = `${segments.join('/')}\0${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ segments, message, ...(error.keyword === 'additionalProperties' ? { key: String(params.additionalProperty) } : {}) });
  }
  return problems;
}

export function pathText(segments: readonly (string | number)[]): string {
  return segments.reduce<string>((text, part) => (typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${part}` : part), '') || '(top level)';
}

/** Regular expressions given as text compile, or are a problem. */
export function regexProblem(source: string, segments: (string | number)[]): Problem | undefined {
  try {
    new RegExp(source, 'u');
    return undefined;
  } catch (error) {
    return { segments, message: `not a valid regular expression: ${(error as Error).message}` };
  }
}

/** A ProbeError listing the problems (at most ten) with their positions. */
export function problemsError(what: string, source: SourceFile, problems: readonly Problem[], inDocument: (segments: (string | number)[]) => (string | number)[] = (segments) => segments): ProbeError {
  const described = problems.slice(0, 10).map((problem) => `${source.position(inDocument(problem.segments), problem.key)}: ${pathText(problem.segments)}: ${problem.message}`);
  const more = problems.length > 10 ? `\n  (and ${problems.length - 10} more)` : '';
  return new ProbeError(`the ${what} has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}:\n  ${described.join('\n  ')}${more}`);
}
