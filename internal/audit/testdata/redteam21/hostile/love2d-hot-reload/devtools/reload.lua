local M = {}
local watched, stamps, assets = {}, {}, {}
local acc = 0

local function scan(dir, out)
  for _, item in ipairs(love.filesystem.getDirectoryItems(dir)) do
    local p = dir .. "/" .. item
    local info = love.filesystem.getInfo(p)
    if info and info.type == "directory" then
      scan(p, out)
    elseif info then
      out[p] = info.modtime
    end
  end
end

function M.watch(dirs)
  watched = dirs
  for _, d in ipairs(dirs) do scan(d, stamps) end
end

function M.asset(path)
  if not assets[path] then
    assets[path] = { img = love.graphics.newImage(path) }
  end
  return assets[path]
end

local function module_name(path)
  return (path:gsub("%.lua$", ""):gsub("/", "."))
end

function M.poll(dt)
  acc = acc + dt
  if acc < 0.5 then return end
  acc = 0
  local now = {}
  for _, d in ipairs(watched) do scan(d, now) end
  for p, t in pairs(now) do
    if stamps[p] and stamps[p] ~= t then
      if p:match("%.lua$") then
        local name = module_name(p)
        local old = package.loaded[name]
        package.loaded[name] = nil
        local ok, new = pcall(require, name)
        if ok and type(old) == "table" and type(new) == "table" then
          for k, v in pairs(new) do
            if type(v) == "function" then old[k] = v end
          end
          package.loaded[name] = old
        elseif not ok then
          package.loaded[name] = old
          print("[reload] error in " .. p .. ": " .. tostring(new))
        end
        print("[reload] " .. name)
      elseif assets[p] then
        assets[p].img = love.graphics.newImage(p)
        print("[reload] asset " .. p)
      end
    end
  end
  stamps = now
end

return M
