import { siteTransform } from './site-transform.js';

/** JSON.stringify payloads (returned or in a text item) and text-less structured results → jsonResult(value). */
export default siteTransform('json-result', 'Replace JSON.stringify payloads with jsonResult(...)', [
  'json-stringify',
  'json-text-content',
  'structured-without-text',
]);
