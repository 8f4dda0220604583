---
inject: true
to: src/api/index.ts
append: true
skip_if: "./<%= name %>/hooks"
---
export * from "./<%= name %>/hooks";
export * from "./<%= name %>/keys";
