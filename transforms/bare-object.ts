import { siteTransform } from './site-transform.js';

/** Plain data objects returned to the SDK (which would send `{ content: [] }`) → jsonResult(object). */
export default siteTransform('bare-object', 'Wrap plain objects returned to the SDK in jsonResult(...)', ['bare-object']);
