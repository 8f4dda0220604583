---
to: src/api/<%= name %>/hooks.ts
---
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { http } from "../http";
import type { <%= h.pascal(name) %>, <%= h.pascal(name) %>Input } from "../types";
import { <%= h.camel(name) %>Keys } from "./keys";

export function use<%= h.pascal(name) %>ListQuery(filters: Record<string, unknown> = {}) {
  return useQuery({
    queryKey: <%= h.camel(name) %>Keys.list(filters),
    queryFn: () => http.get<<%= h.pascal(name) %>[]>("<%= endpoint %>", { params: filters }),
  });
}

export function use<%= h.pascal(name) %>Query(id: string) {
  return useQuery({
    queryKey: <%= h.camel(name) %>Keys.detail(id),
    queryFn: () => http.get<<%= h.pascal(name) %>>(`<%= endpoint %>/${id}`),
    enabled: Boolean(id),
  });
}

export function use<%= h.pascal(name) %>Mutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: <%= h.pascal(name) %>Input) => http.post<<%= h.pascal(name) %>>("<%= endpoint %>", input),
    onSuccess: () => qc.invalidateQueries({ queryKey: <%= h.camel(name) %>Keys.all }),
  });
}
