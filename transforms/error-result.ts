import { siteTransform } from './site-transform.js';

/** Error strings, error JSON payloads and error objects → errorResult(message, extra); literals get isError. */
export default siteTransform('error-result', 'Turn error-shaped results into errorResult(...) or add isError: true', [
  'error-string',
  'error-json',
  'error-object',
  'error-content',
]);
