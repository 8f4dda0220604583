# prune.cr - remove stale Crystal caches according to config/prune.yml
require "yaml"
require "file_utils"
require "option_parser"

struct Target
  include YAML::Serializable
  property path : String
  property glob : String = "*"
  property days : Int32 = 30
  property keep : Array(String) = [] of String
end

struct Config
  include YAML::Serializable
  property targets : Array(Target)
end

workspace = Path.home.join("code").to_s
report_only = false
OptionParser.parse do |p|
  p.on("--workspace DIR", "workspace root") { |d| workspace = d }
  p.on("--report", "only print sizes") { report_only = true }
end

def expand(path : String, ws : String) : Array(String)
  p = path.sub("{ws}", ws).sub(/^~/, Path.home.to_s)
  p.includes?('*') ? Dir.glob(p) : [p]
end

def dir_size(path : String) : Int64
  return File.size(path).to_i64 unless Dir.exists?(path)
  total = 0_i64
  Dir.glob(File.join(path, "**", "*"), match_hidden: true) do |f|
    total += File.size(f) if File.file?(f) rescue nil
  end
  total
end

def human(n : Int64) : String
  units = ["B", "K", "M", "G", "T"]
  f = n.to_f
  i = 0
  while f >= 1024 && i < units.size - 1
    f /= 1024
    i += 1
  end
  "%.1f%s" % {f, units[i]}
end

cfg = Config.from_yaml(File.read(Path[__DIR__].parent.join("config", "prune.yml")))
now = Time.utc
freed = 0_i64

cfg.targets.each do |t|
  expand(t.path, workspace).each do |base|
    next unless Dir.exists?(base)
    Dir.glob(File.join(base, t.glob), match_hidden: true).each do |child|
      name = File.basename(child)
      next if t.keep.includes?(name)
      age = (now - File.info(child, follow_symlinks: false).modification_time).days
      next if age < t.days
      size = dir_size(child)
      if report_only
        puts "#{human(size).rjust(8)}  #{child}"
      else
        FileUtils.rm_rf(child)
        freed += size
      end
    end
  end
end

puts report_only ? "report only" : "freed #{human(freed)}"
