# Re-run specs for changed files.
require "option_parser"

run_all = false
OptionParser.parse do |p|
  p.banner = "spec-watch [--all]"
  p.on("--all", "run full suite on every change") { run_all = true }
end

def spec_for(path : String) : String?
  return path if path.starts_with?("spec/") && path.ends_with?("_spec.cr")
  if path.starts_with?("src/")
    candidate = path.sub(/^src\//, "spec/").sub(/\.cr$/, "_spec.cr")
    return candidate if File.exists?(candidate)
  end
  nil
end

def notify(ok : Bool, msg : String)
  {% if flag?(:darwin) %}
    Process.run("osascript", ["-e", %(display notification "#{msg}" with title "spec-watch")])
  {% else %}
    Process.run("notify-send", [ok ? "specs passed" : "specs failed", msg]) rescue nil
  {% end %}
end

mtimes = {} of String => Time
loop do
  changed = [] of String
  Dir.glob("src/**/*.cr", "spec/**/*.cr").each do |f|
    t = File.info(f).modification_time
    changed << f if mtimes[f]? && mtimes[f] != t
    mtimes[f] = t
  end
  unless changed.empty?
    specs = run_all ? [] of String : changed.compact_map { |f| spec_for(f) }.uniq
    args = ["spec"] + specs
    status = Process.run("crystal", args, output: STDOUT, error: STDERR)
    notify(status.success?, "#{specs.size} spec file(s)")
  end
  sleep 0.5.seconds
end
