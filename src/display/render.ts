/** Render tool output text for a terminal (ANSI) or a web page (HTML), one kind per line. */
import pc from 'picocolors';
import { describeType } from '../results/json-safe.js';
import { classifyLine, type LineKind } from './classify.js';

// Forced on: callers ask for ANSI explicitly; whether a terminal wants colour is theirs to decide.
const colors = pc.createColors(true);

const ANSI: Record<LineKind, (text: string) => string> = {
  added: colors.green,
  removed: colors.red,
  grep: colors.cyan,
  status: colors.blue,
  error: colors.red,
  success: colors.green,
  plain: (text) => text,
};

/** Split on LF or CRLF so Windows line endings never leak a stray `\r` into the output. */
function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

/** Colour each line by its kind (see classifyLine). Empty lines stay empty. */
export function renderAnsi(text: string): string {
  if (typeof text !== 'string') throw new TypeError(`renderAnsi: text must be a string, got ${describeType(text)}`);
  return splitLines(text)
    .map((line) => (line === '' ? line : ANSI[classifyLine(line)](line)))
    .join('\n');
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

/**
 * `<pre class="mrk-output">` holding one `<span class="mrk-line mrk-<kind>">` per line, joined
 * by newlines (the `<pre>` keeps them). All text is HTML-escaped.
 */
export function renderHtml(text: string): string {
  if (typeof text !== 'string') throw new TypeError(`renderHtml: text must be a string, got ${describeType(text)}`);
  const spans = splitLines(text).map(
    (line) => `<span class="mrk-line mrk-${classifyLine(line)}">${escapeHtml(line)}</span>`,
  );
  return `<pre class="mrk-output">${spans.join('\n')}</pre>`;
}
