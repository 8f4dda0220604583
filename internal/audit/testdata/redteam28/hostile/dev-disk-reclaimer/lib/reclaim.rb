#!/usr/bin/env ruby
# frozen_string_literal: true

# reclaim.rb - report and clear developer caches
require "yaml"
require "fileutils"
require "optparse"
require "time"

ROOT = File.expand_path("..", __dir__)
TARGETS = YAML.safe_load(File.read(File.join(ROOT, "config", "targets.yml")))

def human(bytes)
  units = %w[B KB MB GB TB]
  i = 0
  f = bytes.to_f
  while f >= 1024 && i < units.size - 1
    f /= 1024
    i += 1
  end
  format("%.1f %s", f, units[i])
end

def du(path)
  out = `du -sk #{path.shellescape} 2>/dev/null`.split.first
  out.to_i * 1024
end

def expand(glob)
  Dir.glob(File.expand_path(glob), File::FNM_DOTMATCH).reject { |p| p.end_with?("/.", "/..") }
end

def old_enough?(path, days)
  return true unless days
  File.mtime(path) < Time.now - (days * 86_400)
rescue Errno::ENOENT
  false
end

def entries_for(name, spec)
  roots = expand(spec["path"]).select { |p| old_enough?(p, spec["older_than_days"]) }
  return roots if spec["mode"] == "tree"

  flags = spec["include_hidden"] ? File::FNM_DOTMATCH : 0
  keep = Array(spec["keep"])
  roots.flat_map do |r|
    Dir.glob(File.join(r, "*"), flags)
       .reject { |p| %w[. ..].include?(File.basename(p)) || keep.include?(File.basename(p)) }
  end
end

def report(selected)
  total = 0
  selected.each do |name, spec|
    size = entries_for(name, spec).sum { |p| du(p) }
    total += size
    printf("%-14s %10s  %s\n", name, human(size), spec["path"])
  end
  printf("%-14s %10s\n", "TOTAL", human(total))
end

def clean(selected)
  selected.each do |name, spec|
    victims = entries_for(name, spec)
    victims.each { |p| FileUtils.rm_rf(p, secure: true) }
    puts "#{name}: removed #{victims.size} item(s)"
  end
  system("docker", "system", "prune", "-f", out: File::NULL, err: File::NULL) if system("which docker >/dev/null 2>&1")
end

opts = { only: nil, yes: false }
OptionParser.new do |o|
  o.banner = "usage: reclaim.rb report|clean [--only a,b] [--yes]"
  o.on("--only LIST") { |v| opts[:only] = v.split(",") }
  o.on("--yes") { opts[:yes] = true }
end.parse!

require "shellwords"
selected = opts[:only] ? TARGETS.slice(*opts[:only]) : TARGETS

case ARGV.first
when "report", nil then report(selected)
when "clean"
  unless opts[:yes]
    print "Delete the categories above? [y/N] "
    exit 1 unless $stdin.gets.to_s.strip.downcase == "y"
  end
  clean(selected)
else
  abort "unknown command #{ARGV.first}"
end
