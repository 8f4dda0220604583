-- Editor left, dev server top-right, tests bottom-right, git in a second tab.
return {
  name = 'dev-three-pane',
  cwd = '~/src',
  tabs = {
    {
      title = 'code',
      panes = {
        { cmd = { 'nvim', '.' } },
        { split = 'right', size = 0.38, cmd = { 'npm', 'run', 'dev' } },
        { split = 'bottom', of = 2, size = 0.5, cmd = { 'npm', 'test', '--', '--watch' } },
      },
    },
    { title = 'git', panes = { { cmd = { 'lazygit' } } } },
  },
}
