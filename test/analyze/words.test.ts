// The judging words in one table: what reads as a failure, what stays a success. The analyzer
// joins a template's literal parts with PLACEHOLDER where a value is only known at run time.
import { describe, expect, it } from 'vitest';
import { compileErrorPatterns, isErrorPayload, looksLikeErrorText, PLACEHOLDER } from '../../src/analyze/words.js';

const P = PLACEHOLDER;

const FAILURES: readonly string[] = [
  // Said at the start.
  'Error: connection refused',
  'ERROR 500 from upstream',
  'Failed: quota exceeded',
  'Unable to reach the database',
  'Cannot delete a running job',
  'Invalid issue key: ABC',
  'Unauthorized',
  'Permission denied: /etc/shadow',
  'Timed out after 30s',
  `The request to ${P} timed out after 30s`,
  // Said in the first sentence, without a prefix.
  `Invoice ${P} not found`,
  `Note ${P} not found`,
  `Failed to charge invoice ${P}: ${P}`,
  `Could not find customer ${P}`,
  `Deleting ${P} is not allowed`,
  `The query returned no data`,
  `Project ${P} does not exist`,
  `Something went wrong while saving ${P}`,
  `Error while fetching ${P}`,
  `The API key is missing`,
  'Database connection failed - cannot search data tables.',
  `Census API error: ${P} ${P}`,
  `Upstream service error (${P})`,
  // Markup and emoji around the words.
  '❌ Upload rejected',
  '**Error:** the token expired',
  '## Failed to build\nsee the log',
  '<error>Failed to parse the feed</error>',
  `> Could not open ${P}`,
  // Other languages.
  'Fehler beim Laden der Datei',
  `Benutzer ${P} nicht gefunden`,
  'Die Verbindung ist fehlgeschlagen',
  'No se pudo conectar con el servidor',
  `Error al crear la factura ${P}`,
  'Impossible de lire le fichier',
  `Le dossier ${P} est introuvable`,
  'Erro ao salvar',
  'Ошибка подключения',
  '文件不存在',
  '操作失败',
  'ファイルが見つかりません',
  '파일을 찾을 수 없습니다',
  // A warning first, then the failure: the failure counts.
  'You sent parameters not supported by this tool, which were ignored: verbose.\nError: file not found',
  `Parameters were ignored: ${P}. Could not open ${P}`,
  'Request ignored: permission denied',
  // An empty state, then what the tool could not do because of it.
  'No clients connected. Cannot execute script.',
  `No matching rows for ${P}. Unable to export.`,
  // A refusal named with a colon, and what it refused.
  `Blocked: ${P}`,
  'Rejected: the query writes to the database',
  `Refused: ${P} is outside the allowed folders`,
];

const NOT_FAILURES: readonly string[] = [
  // Empty successes.
  'No results found',
  `No results found for "${P}"`,
  '0 items',
  `Found 0 items in ${P}`,
  'No active alerts',
  'Queue is empty',
  'No clients connected.',
  'No open issues. Create one with create_issue.',
  // A tool that blocks or rejects things, reporting what it did.
  `Blocked ${P} users`,
  `Rejected 2 pull requests: ${P}`,
  // Successes that mention errors or failures later on, or as a count.
  'Errors found: 0',
  `Deployed ${P}. Earlier attempts failed to start, see history.`,
  'Build succeeded with 0 failed tests',
  'API error rate: 0.1% over the last hour',
  `Message deleted from #${P} and user timed out for ${P} minutes.`,
  `Saved ${P}`,
  `Found ${P} rows. Could not load ${P} thumbnails.`,
  // Notes about how the answer was made.
  "Note: live rates are not available, using yesterday's close",
  'Tip: the export is not enabled for trial accounts, showing a sample',
  'ℹ️ Cache not found, fetched fresh data',
  // Successes that open with a warning about input they left aside: judged by what follows.
  'You sent parameters not supported by this tool, which were ignored: verbose. Supported parameters for count_items: (none).\n3 items',
  `Unknown options were ignored: ${P}.\nSaved ${P}`,
  'The "limit" argument is deprecated. Listed 4 files',
];

describe('looksLikeErrorText', () => {
  it.each(FAILURES)('%j reads as a failure', (text) => {
    expect(looksLikeErrorText(text)).toBe(true);
  });

  it.each(NOT_FAILURES)('%j does not read as a failure', (text) => {
    expect(looksLikeErrorText(text)).toBe(false);
  });

  it('takes the user’s own patterns, tested against the whole text', () => {
    const extra = compileErrorPatterns(['kaputt', '^PRINTER-E\\d+']);
    expect(looksLikeErrorText('Drucker kaputt', { extra })).toBe(true);
    expect(looksLikeErrorText('PRINTER-E42 unreachable', extra)).toBe(true);
    expect(looksLikeErrorText('Drucker kaputt')).toBe(false);
    expect(looksLikeErrorText('Printed PRINTER-E42 test page', { extra })).toBe(false);
  });
});

describe('isErrorPayload', () => {
  it.each([{ error: 'boom' }, { error: { code: 42 } }, { success: false }, { ok: false, reason: 'x' }, { status: 'error' }, { status: 'FAILED' }])('%j is an error payload', (value) => {
    expect(isErrorPayload(value)).toBe(true);
  });

  it.each([{ error: null, value: 1 }, { error: false }, { success: true }, { status: 'ok' }, [{ error: 'x' }], 'error', null])('%j is not', (value) => {
    expect(isErrorPayload(value)).toBe(false);
  });
});

describe('compileErrorPatterns', () => {
  it('compiles case-insensitively', () => {
    expect(compileErrorPatterns(['kaputt'])[0].test('KAPUTT')).toBe(true);
  });

  it('throws a message naming an invalid pattern', () => {
    expect(() => compileErrorPatterns(['fine', '(unclosed'])).toThrow(/errorPatterns: "\(unclosed" is not a valid regular expression/);
  });
});
