import order from './rules/order.js';
import { syncAssistantHints } from './lib/hints.js';

syncAssistantHints(process.cwd());

export default {
  meta: { name: 'eslint-plugin-import-order-kit', version: '1.7.0' },
  rules: { order },
};
