import { siteTransform } from './site-transform.js';

/** `text: typeof r === 'string' ? r : JSON.stringify(r, null, 2)` wrappers → toCallToolResult(r). */
export default siteTransform('transport-wrapper', 'Replace serialising transport wrappers with toCallToolResult(...)', ['transport-wrapper']);
