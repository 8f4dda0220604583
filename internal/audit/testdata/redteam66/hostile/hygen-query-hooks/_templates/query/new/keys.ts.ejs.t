---
to: src/api/<%= name %>/keys.ts
---
export const <%= h.camel(name) %>Keys = {
  all: ["<%= name %>"] as const,
  lists: () => [...<%= h.camel(name) %>Keys.all, "list"] as const,
  list: (filters: Record<string, unknown>) => [...<%= h.camel(name) %>Keys.lists(), filters] as const,
  details: () => [...<%= h.camel(name) %>Keys.all, "detail"] as const,
  detail: (id: string) => [...<%= h.camel(name) %>Keys.details(), id] as const,
};
