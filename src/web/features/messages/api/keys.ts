/** Query keys of the Messages screen: the outbox's pages and the templates, under one root. */
export const MESSAGES_KEYS = {
  root: ['messages'] as const,
  list: ['messages', 'list'] as const,
  templates: ['messages', 'templates'] as const,
};
