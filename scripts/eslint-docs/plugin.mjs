// eslint-doc-generator names rules after the plugin's meta.name; ours is the npm package
// (@mcp-result-kit/tools, as ESLint asks), while the rules' prefix is the namespace mcp-result-kit.
import plugin from '../../dist/rules/index.js';

export default { ...plugin, meta: { ...plugin.meta, name: `eslint-plugin-${plugin.meta.namespace}` } };
