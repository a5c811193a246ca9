// The runtime entry (`mcp-result-kit`): result helpers, formatters and result readers/renderers.
// No dependencies: formatUnifiedDiff, which needs `diff`, is at `mcp-result-kit/unified-diff`.
export { successResult, errorResult, errorTextResult, jsonResult, toCallToolResult, createResultHelpers, DEFAULT_RESULT_FORMAT, RESULT_FORMATS, PROTOCOL_VERSIONS } from './results/results.js';
export type { ResultFormat, ResultOptions, JsonResultOptions, JsonReplacer, SuccessResultOptions, ResultHelpers, ResultHelperDefaults, ProtocolVersion } from './results/results.js';
export type { JsonObject, JsonValue, JsonData, JsonObjectData, TextContent, ToolResult, SuccessResult, ErrorResult, ContentBlock, CallToolResultLike } from './results/types.js';
export { toJsonSafe } from './results/json-safe.js';
export { formatGrepMatches } from './format/grep.js';
export type { GrepMatch } from './format/grep.js';
export { formatDiff } from './format/diff.js';
export { formatFileContent, FOOTER_SEPARATOR } from './format/file-content.js';
export type { FileContentOptions, FileFooter } from './format/file-content.js';
export { truncateText, truncateList, formatSections } from './format/text.js';
export type { Section } from './format/text.js';
export { redactSecrets, REDACTED } from './format/redact.js';
export { isCallToolResult, resultText, extractMcpContent } from './display/read.js';
export { classifyLine, LINE_KINDS } from './display/classify.js';
export type { LineKind } from './display/classify.js';
export { renderAnsi, renderHtml } from './display/render.js';
