-- ~/.hammerspoon/init.lua: bootstraps Fennel and loads grid.fnl
local fennel = require("fennel")
table.insert(package.loaders or package.searchers, fennel.searcher)
fennel.path = hs.configdir .. "/?.fnl;" .. fennel.path
require("grid")
