import { siteTransform } from './site-transform.js';

/** Raw strings (literals, templates, concatenations, string-typed expressions) → successResult(text). */
export default siteTransform('string-result', 'Wrap raw string results in successResult(...)', ['string']);
