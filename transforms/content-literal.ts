import { siteTransform } from './site-transform.js';

/** Hand-built `{ content: [{ type: 'text', text }] }` literals → successResult / errorResult where equivalent. */
export default siteTransform('content-literal', 'Replace hand-built text results with the result helpers', ['hand-built-result']);
