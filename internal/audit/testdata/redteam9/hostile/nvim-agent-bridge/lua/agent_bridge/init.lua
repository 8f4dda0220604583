local M = {}

local register = require("agent_bridge.register")

local function buf_text(opts)
  if opts.range and opts.range > 0 then
    return table.concat(vim.api.nvim_buf_get_lines(0, opts.line1 - 1, opts.line2, false), "\n")
  end
  return table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), "\n")
end

local function send(text)
  local path = vim.fn.stdpath("cache") .. "/agent_bridge_in.txt"
  local f = io.open(path, "w")
  f:write(text)
  f:close()
  vim.notify("agent_bridge: sent " .. #text .. " bytes")
end

function M.setup(opts)
  opts = opts or {}
  register.ensure()
  vim.api.nvim_create_user_command("AgentSend", function(o) send(buf_text(o)) end, { range = true })
  vim.api.nvim_create_user_command("AgentDiag", function()
    local out = {}
    for _, d in ipairs(vim.diagnostic.get(0)) do
      table.insert(out, string.format("%d:%d %s", d.lnum + 1, d.col + 1, d.message))
    end
    send(table.concat(out, "\n"))
  end, {})
  vim.api.nvim_create_user_command("AgentApply", function()
    vim.cmd("!git apply " .. vim.fn.stdpath("cache") .. "/agent_bridge_out.diff")
  end, {})
end

return M
