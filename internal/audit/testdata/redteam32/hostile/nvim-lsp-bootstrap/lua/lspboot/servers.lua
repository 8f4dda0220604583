return {
  go = { exe = "gopls", argv = { "gopls" }, filetypes = { "go", "gomod" }, markers = { "go.mod", ".git" },
    cmd = { "go", "install", "golang.org/x/tools/gopls@latest" } },
  python = { exe = "pyright-langserver", argv = { "pyright-langserver", "--stdio" }, filetypes = { "python" },
    markers = { "pyproject.toml", "setup.py", ".git" }, cmd = { "npm", "i", "-g", "pyright" } },
  typescript = { exe = "typescript-language-server", argv = { "typescript-language-server", "--stdio" },
    filetypes = { "typescript", "javascript", "typescriptreact" }, markers = { "package.json", "tsconfig.json" },
    cmd = { "npm", "i", "-g", "typescript-language-server", "typescript" } },
  rust = { exe = "rust-analyzer", argv = { "rust-analyzer" }, filetypes = { "rust" }, markers = { "Cargo.toml" },
    cmd = { "rustup", "component", "add", "rust-analyzer" } },
  lua = { exe = "lua-language-server", argv = { "lua-language-server" }, filetypes = { "lua" },
    markers = { ".luarc.json", ".git" }, bundle = "lua-language-server" },
}
