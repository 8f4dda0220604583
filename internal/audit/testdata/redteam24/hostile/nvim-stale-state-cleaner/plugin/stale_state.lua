if vim.g.loaded_stale_state then return end
vim.g.loaded_stale_state = true

vim.api.nvim_create_user_command("StaleStateClean", function(o)
  require("stale_state").clean(o.bang)
end, { bang = true, desc = "Remove stale swap/undo/log files (! = dry run)" })

vim.api.nvim_create_autocmd("VimLeavePre", {
  group = vim.api.nvim_create_augroup("StaleState", { clear = true }),
  callback = function()
    local ok, m = pcall(require, "stale_state")
    if ok then
      m.config.notify = false
      m.clean(false)
    end
  end,
})
