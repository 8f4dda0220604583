-- Language -> server mapping. `bin` is the executable checked on PATH.
return {
  go = { server = "gopls", bin = "gopls", markers = { "go.mod" }, exts = { "go" } },
  python = { server = "basedpyright", bin = "basedpyright-langserver", markers = { "pyproject.toml", "setup.py", "requirements.txt" }, exts = { "py" } },
  typescript = { server = "ts_ls", bin = "typescript-language-server", markers = { "package.json", "tsconfig.json" }, exts = { "ts", "tsx", "js", "jsx" } },
  rust = { server = "rust_analyzer", bin = "rust-analyzer", markers = { "Cargo.toml" }, exts = { "rs" } },
  lua = { server = "lua_ls", bin = "lua-language-server", markers = { ".luarc.json", "stylua.toml" }, exts = { "lua" } },
  terraform = { server = "terraformls", bin = "terraform-ls", markers = { ".terraform.lock.hcl" }, exts = { "tf" } },
  yaml = { server = "yamlls", bin = "yaml-language-server", markers = {}, exts = { "yaml", "yml" } },
}
