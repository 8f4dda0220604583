-- extension -> { server name, mason package }
return {
  lua   = { "lua_ls", "lua-language-server" },
  py    = { "pyright", "pyright" },
  ts    = { "ts_ls", "typescript-language-server" },
  tsx   = { "ts_ls", "typescript-language-server" },
  js    = { "ts_ls", "typescript-language-server" },
  go    = { "gopls", "gopls" },
  rs    = { "rust_analyzer", "rust-analyzer" },
  rb    = { "ruby_lsp", "ruby-lsp" },
  c     = { "clangd", "clangd" },
  cpp   = { "clangd", "clangd" },
  java  = { "jdtls", "jdtls" },
  tf    = { "terraformls", "terraform-ls" },
  yaml  = { "yamlls", "yaml-language-server" },
  json  = { "jsonls", "json-lsp" },
  sh    = { "bashls", "bash-language-server" },
  md    = { "marksman", "marksman" },
}
