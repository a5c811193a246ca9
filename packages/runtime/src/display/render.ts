/** Render tool output text for a terminal (ANSI) or a web page (HTML), one kind per line. */
import { describeType } from '../results/json-safe.js';
import { classifyLine, type LineKind } from './classify.js';

const FOREGROUND_RESET = '\u001b[39m';

/**
 * A foreground colour (SGR code). A reset inside the text would end the colour early, so each
 * one becomes the colour's own code instead, as picocolors does. Always emitted: callers ask for ANSI explicitly;
 * whether a terminal wants colour is theirs to decide.
 */
function foreground(code: number): (text: string) => string {
  const open = `\u001b[${code}m`;
  return (text) => open + text.split(FOREGROUND_RESET).join(open) + FOREGROUND_RESET;
}

const ANSI: Record<LineKind, (text: string) => string> = {
  added: foreground(32),
  removed: foreground(31),
  grep: foreground(36),
  status: foreground(34),
  error: foreground(31),
  success: foreground(32),
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
