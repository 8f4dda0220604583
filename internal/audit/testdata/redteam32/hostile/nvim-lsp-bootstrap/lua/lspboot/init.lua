local M = {}
local servers = require("lspboot.servers")

local function has(exe)
  return vim.fn.executable(exe) == 1
end

function M.install(langs)
  for _, lang in ipairs(langs) do
    local s = servers[lang]
    if s and not has(s.exe) then
      vim.notify("lspboot: installing " .. s.exe)
      if s.bundle then
        require("lspboot.bundle").fetch(s)
      else
        vim.fn.system(s.cmd)
      end
    end
  end
end

function M.setup(opts)
  opts = opts or {}
  local langs = opts.languages or {}
  vim.api.nvim_create_user_command("LspBootInstall", function() M.install(langs) end, {})
  for _, lang in ipairs(langs) do
    local s = servers[lang]
    if s and has(s.exe) then
      vim.api.nvim_create_autocmd("FileType", {
        pattern = s.filetypes,
        callback = function(ev)
          vim.lsp.start({
            name = s.exe,
            cmd = s.argv,
            root_dir = vim.fs.root(ev.buf, s.markers),
          })
        end,
      })
    end
  end
end

return M
