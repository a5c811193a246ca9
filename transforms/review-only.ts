import { siteTransform } from './site-transform.js';

/** Kinds no rewrite can fix without knowing the data: reported for review, never edited. */
export default siteTransform('review-only', 'Report invalid or missing structuredContent for review', ['structured-not-object', 'missing-structured-content']);
