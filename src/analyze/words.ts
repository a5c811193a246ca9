/**
 * The judging words: what makes a tool result's text read as a failure, or as JSON. One place for
 * the analyzer (which sees the literal parts of source text) and the probe (which sees the text a
 * server really returned), so that lint, migrate and probe judge alike. Nothing here knows about
 * TypeScript.
 */

/** Stands for a value only known at run time (`${id}` in a template) when the analyzer joins the literal parts. */
export const PLACEHOLDER = '\u2026';

// Error words at the start of a message; emoji and markdown bold may precede them.
const ERROR_LEAD = /^[\s*_#>]*(?:❌|✗|✖|🚫|⛔|(?:\*\*)?(?:Error\b|ERROR\b|Failed\b|Failure\b|Unable\b|Cannot\b|Can't\b|Could not\b|Invalid\b|Not found\b|Unauthorized\b|Forbidden\b))/;

/**
 * Is this text a failure report? `extra` are the user's own patterns (`errorPatterns`), tested
 * against the whole text.
 */
export function looksLikeErrorText(text: string, extra: readonly RegExp[] = []): boolean {
  if (ERROR_LEAD.test(text)) return true;
  return extra.some((pattern) => pattern.test(text));
}

/** Text that is JSON of an object or array, as `JSON.stringify` writes it. */
export function looksLikeJsonText(text: string): boolean {
  const trimmed = text.trim();
  if (!((trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']')))) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/** `status` values that report a failure: `{ status: 'error' }`. */
export const ERROR_STATUS_WORDS: ReadonlySet<string> = new Set(['error', 'failed', 'failure', 'fail']);

/** A value that is an error payload: `{ error: … }` (not null/false), `{ success: false }`, `{ ok: false }`, `{ status: 'error' }`. */
export function isErrorPayload(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  if ('error' in record && record.error !== null && record.error !== undefined && record.error !== false) return true;
  if (record.success === false || record.ok === false) return true;
  return typeof record.status === 'string' && ERROR_STATUS_WORDS.has(record.status.toLowerCase());
}
