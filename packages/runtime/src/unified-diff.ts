// The `mcp-result-kit/unified-diff` entry point (needs the optional peer dependency `diff`).
export { formatUnifiedDiff } from './format/unified-diff.js';
