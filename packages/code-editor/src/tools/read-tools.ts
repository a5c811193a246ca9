/** The read-only tools: list_content, search_content, read_content_lines, get_content. */
import { formatFileContent, formatGrepMatches, truncateList, type JsonObject } from 'mcp-result-kit';
import { resolveFilter, resolveKey } from '../access.js';
import { compilePattern } from '../search/scan.js';
import { splitLines, utf8ByteLength } from '../text.js';
import type { ContentRecord, ContentSummary } from '../types.js';
import { READ_ONLY_ANNOTATIONS } from './schemas.js';
import { guarded, notFound, respond, scopeData, ToolFailure, type ToolRuntime } from './runtime.js';
import type { ToolServer } from './tool-server.js';

/** Longest file list shown in list_content's text; structuredContent has all of them. */
const MAX_LISTED_IN_TEXT = 200;

function summaryData(summary: ContentSummary): JsonObject {
  const data: JsonObject = { entity_type: summary.entityType, path: summary.path };
  if (summary.entityType === 'app_file') data.app_id = summary.appId;
  if (summary.entityType === 'workflow') data.organization_id = summary.organizationId ?? null;
  data.size = summary.size;
  data.lines = summary.lines;
  data.sha256 = summary.sha256;
  return data;
}

function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function describeSummary(summary: ContentSummary, singleType: boolean): string {
  const size = `${countOf(summary.lines, 'line', 'lines')}, ${countOf(summary.size, 'byte', 'bytes')}`;
  if (singleType) return `  ${summary.path} (${size})`;
  const scope =
    summary.entityType === 'workflow' && summary.organizationId
      ? `workflow, organization ${summary.organizationId}`
      : summary.entityType === 'app_file'
        ? `app_file, app ${summary.appId}`
        : summary.entityType;
  return `  ${summary.path} (${scope}; ${size})`;
}

/**
 * Numbered display of `lines` starting at `startLine`. A trailing '\n' is added because the
 * formatter treats a final newline as a terminator, so an empty last line still shows.
 */
function numbered(record: ContentRecord, lines: string[], startLine: number): string {
  return formatFileContent(record.path, lines.length === 0 ? '' : `${lines.join('\n')}\n`, {
    startLine,
    style: 'arrow',
    footer: { totalLines: record.lines, size: record.size, sha256: record.sha256 },
  });
}

function requireInteger(name: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `${min} or greater` : `between ${min} and ${max}`;
    throw new ToolFailure(`${name} must be a whole number ${range}, got ${value}`, 'invalid_argument');
  }
  return value;
}

export function registerReadTools(server: ToolServer, runtime: ToolRuntime): void {
  const { store, context, limits } = runtime;

  const { vocabulary, inputs, outputs } = runtime.schemas;
  const served = vocabulary.served;

  server.registerTool(
    'list_content',
    {
      title: 'List Content',
      description: vocabulary.only
        ? 'List the files of the served folder (what git would track: .gitignore, .git and node_modules are skipped) with path, size, line count and sha256. Filter by path_prefix.'
        : `List stored files with entity type, path, size and line count. Filter by entity_type${vocabulary.apps ? ', app_id (needed to include app files)' : ''}${vocabulary.workflows ? ', organization_id (workflows)' : ''} and path_prefix.`,
      inputSchema: inputs.list,
      outputSchema: runtime.declaresOutputSchema ? outputs.list : undefined,
      annotations: READ_ONLY_ANNOTATIONS,
    },
    guarded(runtime, 'list_content', async (args) => {
      const filter = resolveFilter(args, context, served);
      const summaries = await store.list(filter);
      const display =
        summaries.length === 0
          ? 'No files found'
          : [
              `Found ${countOf(summaries.length, 'file', 'files')}:`,
              '',
              ...truncateList(
                summaries.map((summary) => describeSummary(summary, vocabulary.only !== undefined)),
                MAX_LISTED_IN_TEXT,
              ),
            ].join('\n');
      return respond(runtime, args.format, display, { files: summaries.map(summaryData), count: summaries.length });
    }),
  );

  server.registerTool(
    'search_content',
    {
      title: 'Search Content',
      description:
        'Search for patterns in code files. Returns matching lines with context. Use to find functions, imports, or usages before making edits. The pattern is a JavaScript regular expression matched line by line.',
      inputSchema: inputs.search,
      outputSchema: runtime.declaresOutputSchema ? outputs.search : undefined,
      annotations: READ_ONLY_ANNOTATIONS,
    },
    guarded(runtime, 'search_content', async (args) => {
      if (args.pattern === '') throw new ToolFailure('pattern is required', 'invalid_argument');
      const contextLines = requireInteger('context_lines', args.context_lines ?? 3, 0, limits.maxContextLines);
      const maxResults = requireInteger('max_results', args.max_results ?? 20, 1, limits.maxSearchResults);
      const caseInsensitive = args.case_insensitive ?? false;
      try {
        // Compiling cannot backtrack, so validating here is safe and answers without a worker.
        compilePattern(args.pattern, caseInsensitive);
      } catch (error) {
        // V8 says "Invalid regular expression: /src/flags: reason"; the source and flags are ours.
        const reason = (error as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '');
        throw new ToolFailure(
          `Invalid regex pattern ${JSON.stringify(args.pattern)}: ${reason}. Patterns use JavaScript RegExp syntax; escape literal characters such as ( [ . with a backslash.`,
          'invalid_regex',
        );
      }
      const filter = resolveFilter(args, context, served);
      const outcome = await runtime.searchPool.search({
        store: store.descriptor,
        filter,
        pattern: args.pattern,
        caseInsensitive,
        contextLines,
        maxResults,
      });
      let display = formatGrepMatches(outcome.matches, args.pattern);
      if (outcome.truncated) {
        display += `\n\n(stopped at max_results=${maxResults}; more matches exist — narrow the pattern, path or entity_type, or raise max_results)`;
      }
      return respond(runtime, args.format, display, {
        matches: outcome.matches.map((match) => ({ ...match })),
        total_matches: outcome.matches.length,
        truncated: outcome.truncated,
        files_scanned: outcome.filesScanned,
      });
    }),
  );

  server.registerTool(
    'read_content_lines',
    {
      title: 'Read Content Lines',
      description:
        'Read specific line range from a file. Use to get context around a search match without loading entire file. Lines are 1-indexed; the result includes total_lines and the sha256 to pass to patch_content as expected_sha256.',
      inputSchema: inputs.readLines,
      outputSchema: runtime.declaresOutputSchema ? outputs.readLines : undefined,
      annotations: READ_ONLY_ANNOTATIONS,
    },
    guarded(runtime, 'read_content_lines', async (args) => {
      const key = resolveKey(args, context, 'read', served);
      const startLine = requireInteger('start_line', args.start_line ?? 1, 1);
      const record = await store.get(key);
      if (!record) throw notFound(key);
      const lines = splitLines(record.content);
      const total = lines.length;
      if (total === 0 && startLine === 1) {
        return respond(runtime, args.format, numbered(record, [], 1), {
          ...scopeData(key),
          start_line: 1,
          end_line: 0,
          total_lines: 0,
          content: '',
          sha256: record.sha256,
        });
      }
      if (startLine > total) {
        throw new ToolFailure(
          `start_line ${startLine} is past the end of ${key.path}, which has ${total} line(s); use a start_line between 1 and ${total}`,
          'out_of_range',
          { total_lines: total },
        );
      }
      const requestedEnd = args.end_line ?? startLine + limits.readLinesDefaultSpan;
      if (requestedEnd < startLine) {
        throw new ToolFailure(`end_line (${requestedEnd}) must not be before start_line (${startLine})`, 'out_of_range', {
          total_lines: total,
        });
      }
      const endLine = Math.min(requestedEnd, total);
      const selected = lines.slice(startLine - 1, endLine);
      return respond(runtime, args.format, numbered(record, selected, startLine), {
        ...scopeData(key),
        start_line: startLine,
        end_line: endLine,
        total_lines: total,
        content: selected.join('\n'),
        sha256: record.sha256,
      });
    }),
  );

  server.registerTool(
    'get_content',
    {
      title: 'Get Content',
      description:
        `Get entire file content. Prefer search_content + read_content_lines for large files. Use this for small files or when you need the complete picture. Files over ${Math.round(limits.getContentMaxBytes / 1024)} KiB come in pages: call again with offset = next_offset.`,
      inputSchema: inputs.get,
      outputSchema: runtime.declaresOutputSchema ? outputs.get : undefined,
      annotations: READ_ONLY_ANNOTATIONS,
    },
    guarded(runtime, 'get_content', async (args) => {
      const key = resolveKey(args, context, 'read', served);
      const offset = requireInteger('offset', args.offset ?? 1, 1);
      const record = await store.get(key);
      if (!record) throw notFound(key);
      const lines = splitLines(record.content);
      const total = lines.length;
      if (offset > Math.max(total, 1)) {
        throw new ToolFailure(`offset ${offset} is past the end of ${key.path}, which has ${total} line(s)`, 'out_of_range', {
          total_lines: total,
        });
      }
      // Whole lines up to the byte limit, but always at least one line so paging advances.
      let endLine = offset - 1;
      let bytes = 0;
      while (endLine < total) {
        const lineBytes = utf8ByteLength(lines[endLine]) + 1;
        if (endLine >= offset && bytes + lineBytes > limits.getContentMaxBytes) break;
        bytes += lineBytes;
        endLine++;
      }
      const selected = lines.slice(offset - 1, endLine);
      const truncated = endLine < total;
      const whole = offset === 1 && !truncated;
      const data: JsonObject = {
        ...scopeData(key),
        total_lines: total,
        size: record.size,
        sha256: record.sha256,
        content: whole ? record.content : selected.join('\n'),
        start_line: offset,
        end_line: endLine,
        truncated,
      };
      let display = numbered(record, selected, offset);
      if (truncated) {
        const warning =
          `${key.path} is ${record.size} bytes, over the ${limits.getContentMaxBytes}-byte limit of one get_content call: ` +
          `showing lines ${offset}-${endLine} of ${total}. Call get_content again with offset=${endLine + 1}, ` +
          'or use search_content + read_content_lines to read only what you need.';
        data.warning = warning;
        data.next_offset = endLine + 1;
        display = `Warning: ${warning}\n\n${display}`;
      }
      return respond(runtime, args.format, display, data);
    }),
  );
}
