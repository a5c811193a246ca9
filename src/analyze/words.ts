/**
 * The judging words: what makes a tool result's text read as a failure, or as JSON. One place for
 * the analyzer (which sees the literal parts of source text, `${…}` standing for what is only
 * known at run time) and the probe (which sees the text a server really returned), so that lint,
 * migrate and probe judge alike. Nothing here knows about TypeScript.
 */

/** Stands for a value only known at run time (`${id}` in a template) when the analyzer joins the literal parts. */
export const PLACEHOLDER = '\u2026';

// A failure said at the start: error words, optionally after emoji, markdown (`**`, `#`, `>`) or a bracket.
// A refusal needs its colon (`Blocked: …`): "Blocked 3 users" is a block tool's success.
const FAILURE_LEAD = new RegExp(
  String.raw`^[\s*_#>\[(\-]*(?:❌|✗|✖|🚫|⛔|❗|‼️|` +
    String.raw`(?:\*\*)?(?:Error\b|ERROR\b|Failed\b|FAILED\b|Failure\b|Fail\b|Unable\b|Cannot\b|Can't\b|Could not\b|Couldn't\b|Invalid\b|Not found\b|Unauthori[sz]ed\b|Forbidden\b|Access denied\b|Permission denied\b|Denied\b|Missing required\b|Oops\b|Exception\b|Timed out\b|Timeout\b|(?:Blocked|Rejected|Refused)\s*:))`,
);

/**
 * A failure said anywhere in the author's words: the operation failed, was refused, or found
 * nothing to act on ("… not found", "Failed to …", "… is not allowed", "… returned no data").
 * "No results found" and "0 items" are empty successes and match none of these.
 */
const FAILURE_PHRASES: readonly RegExp[] = [
  /\bnot found\b/i,
  /\bfailed to\b/i,
  /\b(?:has|have|had|was|were|is) failed\b/i,
  /\bfailed(?: with| because| \(|:|,|\.|!| [-–—]|$)/i,
  // An error named by where it came from ("Census API error: 404", "Upstream service error (…)"), not a rate or a count.
  /\b(?:API|HTTP|server|service|request|network|connection|database|upstream) error\b(?!s| rate| count)/i,
  /\b(?:could not|couldn't|unable to|was unable|were unable)\b/i,
  /\b(?:is|are|was|were) not (?:allowed|permitted|supported|available|enabled|configured|initiali[sz]ed|authori[sz]ed|valid)\b/i,
  /\bnot (?:allowed|permitted)\b/i,
  /\b(?:does|do|did) not exist\b/i,
  /\b(?:doesn't|don't|didn't) exist\b/i,
  /\bno such\b/i,
  /\b(?:is|are) (?:invalid|required|missing|unavailable|unsupported|disabled)\b/i,
  /\bnot (?:available|supported|enabled|configured|initiali[sz]ed)\b/i,
  /\b(?:returned|found|received) no data\b/i,
  /\bno data (?:returned|received)\b/i,
  // "… timed out for 10 minutes" is a moderation done, not a wait that ran out.
  /\b(?:timed out(?! for\b)|exited unexpectedly|unexpected error|error occurred|went wrong)\b/i,
  /\b(?:access|permission) denied\b/i,
  /\berror (?:while|when|during|fetching|getting|creating|updating|deleting|reading|writing|loading|processing|executing|calling|connecting|parsing|retrieving|listing|sending|running|saving|searching|querying|checking|starting|stopping|uploading|downloading)\b/i,
  // Other languages, as servers write them.
  /失败|错误|出错|未找到|找不到|不存在|无法|失敗|エラー|見つかりません|できません|오류|실패|에러|찾을 수 없|할 수 없/,
  /^(?:Error al|Erreur|Échec|Fehler|Erro\b|Errore|Ошибка|Не удалось)/i,
  /\b(?:No se pudo|no encontrad[oa]|Impossible de|introuvable|n'existe pas|nicht gefunden|fehlgeschlagen|konnte nicht|não encontrad[oa]|não foi possível|non trovat[oa]|не найден)/i,
];

// A sentence that says something is absent ("No clients connected."): an empty success alone.
const EMPTY_STATE = /^[\s*_>[(]*(?:no|none|nothing|0)\b/i;

// The word must introduce a note (`Note:`, `Tip -`, `Note that`): "Note 42 not found" is a failure about a note.
const NOTE = /^[\s*_>[(]*(?:ℹ️|💡|(?:Note|NOTE|Tip|Info|Hint)(?:\s*[:：—–-]|\s+that\b))/;

export interface ErrorWordOptions {
  /** The user's own patterns (`errorPatterns`), tested against the whole text. */
  extra?: readonly RegExp[];
}

/**
 * Is this text a failure report? Its start says so, or its first sentence does: a report that
 * mentions a missing permission in its fifth paragraph is still a report. Empty successes ("No
 * results found", "0 items") are not failures.
 */
export function looksLikeErrorText(text: string, options: ErrorWordOptions | readonly RegExp[] = {}): boolean {
  const extra = Array.isArray(options) ? (options as readonly RegExp[]) : ((options as ErrorWordOptions).extra ?? []);
  // Markup around the words (`<error>Failed …</error>`, `<xml><status>…`) is not the words.
  text = withoutLeadingWarnings(text.replace(/<\/?[A-Za-z][\w:.-]{0,40}(?:\s[^<>]{0,200})?>/g, ' '));
  if (FAILURE_LEAD.test(text)) return true;
  const opening = firstSentence(text);
  // `[Note: … not available, using …]`: a note about how the answer was made, not a failure.
  if (!NOTE.test(opening) && FAILURE_PHRASES.some((pattern) => pattern.test(opening))) return true;
  // "No clients connected. Cannot execute script.": an empty state, then the work it stopped.
  if (EMPTY_STATE.test(opening) && FAILURE_LEAD.test(firstSentence(text.slice(text.indexOf(opening) + opening.length)))) return true;
  return extra.some((pattern) => pattern.test(text));
}

// A sentence about input the tool left aside ("parameters … were ignored", "… is deprecated"): the work was done.
const WARNING_SENTENCE = /\b(?:(?:was|were|is|are|been|being) ignored|ignored (?:parameters?|arguments?|options?|fields?)|(?:is|are) deprecated)\b/i;

/**
 * The text without the warnings it opens with: a success whose text starts by saying which
 * parameters it ignored is judged by what follows, its main outcome.
 */
export function withoutLeadingWarnings(text: string): string {
  let rest = text;
  for (let sentence = firstSentence(rest); sentence !== '' && WARNING_SENTENCE.test(sentence); sentence = firstSentence(rest)) {
    const start = rest.indexOf(sentence.slice(0, 20));
    rest = rest.slice(start + sentence.length);
  }
  return rest;
}

/** The text up to its first line break or full stop (at most 300 characters), leading blank lines and markdown skipped. */
export function firstSentence(text: string): string {
  const start = text.replace(/^[\s#>*_-]+/, '');
  const end = start.search(/\n|[.!?。！？](?:\s|$)/);
  return (end === -1 ? start : start.slice(0, end + 1)).slice(0, 300);
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

/**
 * Text that asks the caller for the input the tool lacked ("… Please specify a listId in your
 * request"): the tool stopped to ask, so the work was not done. The text must be the ask (one or
 * two sentences, `…` standing for what is known at run time). Only read where the code branches (failure by context): "Please review the
 * task" after the work is a success's courtesy.
 */
export function asksForInput(text: string): boolean {
  // The whole text is one or two sentences: candidates listed before or after the ask ("Please
  // choose one of these:\n…") are the answer to an ambiguous query.
  const opening = firstSentence(text);
  const rest = text.slice(text.indexOf(opening) + opening.length);
  const second = firstSentence(rest);
  const after = rest.slice(rest.indexOf(second) + second.length);
  if (/[^\s.!?)*_]/.test(after) || /[:：]\s*$/.test(second || opening)) return false;
  return /\bplease\s+(?:specify|provide|supply|pass|enter|give|choose|select|pick|set)\b/i.test(`${opening} ${second}`);
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

/**
 * The user's `errorPatterns` (regular expression sources), compiled; an invalid one throws an
 * Error naming it.
 */
export function compileErrorPatterns(sources: readonly string[]): RegExp[] {
  return sources.map((source) => {
    try {
      return new RegExp(source, 'i');
    } catch (error) {
      throw new Error(`errorPatterns: "${source}" is not a valid regular expression (${(error as Error).message})`, { cause: error });
    }
  });
}
