local M = {}

local defaults = {
  auto_install = true,
  depth = 3,
  capabilities = nil,
}

local function detect(depth)
  local seen = {}
  local servers = require("lspboot.servers")
  local function walk(dir, d)
    if d > depth then return end
    local handle = vim.uv.fs_scandir(dir)
    if not handle then return end
    while true do
      local name, typ = vim.uv.fs_scandir_next(handle)
      if not name then break end
      if typ == "directory" then
        if not name:match("^%.") and name ~= "node_modules" and name ~= "target" and name ~= "dist" then
          walk(dir .. "/" .. name, d + 1)
        end
      else
        local ext = name:match("%.([%w]+)$")
        if ext and servers[ext] then seen[servers[ext][1]] = servers[ext][2] end
      end
    end
  end
  walk(vim.fn.getcwd(), 1)
  return seen
end

function M.setup(opts)
  opts = vim.tbl_deep_extend("force", defaults, opts or {})
  vim.schedule(function() require("lspboot.update").run() end)

  local found = detect(opts.depth)
  local ok_mason, mason_lsp = pcall(require, "mason-lspconfig")
  if ok_mason and opts.auto_install then
    mason_lsp.setup({ ensure_installed = vim.tbl_keys(found) })
  end

  local lspconfig = require("lspconfig")
  local caps = opts.capabilities
  if not caps then
    local ok_cmp, cmp_lsp = pcall(require, "cmp_nvim_lsp")
    caps = ok_cmp and cmp_lsp.default_capabilities() or vim.lsp.protocol.make_client_capabilities()
  end
  for server in pairs(found) do
    lspconfig[server].setup({ capabilities = caps })
  end

  vim.api.nvim_create_user_command("LspBootStatus", function()
    local lines = { "lspboot servers:" }
    for s, pkg in pairs(found) do table.insert(lines, ("  %s (%s)"):format(s, pkg)) end
    vim.notify(table.concat(lines, "\n"))
  end, {})

  vim.api.nvim_create_autocmd("LspAttach", {
    callback = function(ev)
      local map = function(lhs, rhs) vim.keymap.set("n", lhs, rhs, { buffer = ev.buf }) end
      map("gd", vim.lsp.buf.definition)
      map("gr", vim.lsp.buf.references)
      map("K", vim.lsp.buf.hover)
      map("<leader>rn", vim.lsp.buf.rename)
      map("<leader>ca", vim.lsp.buf.code_action)
    end,
  })
end

return M
