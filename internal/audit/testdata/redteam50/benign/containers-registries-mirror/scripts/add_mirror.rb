#!/usr/bin/env ruby
# Adds a docker.io mirror to the user-scope containers registries.conf (v2 format).
require "optparse"
require "fileutils"
require "tempfile"
require "time"

opts = { insecure: false, restore: false }
OptionParser.new do |o|
  o.on("--mirror HOST") { |v| opts[:mirror] = v }
  o.on("--insecure") { opts[:insecure] = true }
  o.on("--restore") { opts[:restore] = true }
end.parse!

conf_dir = File.join(Dir.home, ".config", "containers")
conf = File.join(conf_dir, "registries.conf")

if opts[:restore]
  latest = Dir[conf + ".bak-*"].max
  abort "no backup found" unless latest
  print "Restore #{latest} over #{conf}? type yes: "
  exit 1 unless $stdin.gets.to_s.strip == "yes"
  FileUtils.cp(latest, conf, preserve: true)
  puts "restored"
  exit 0
end

mirror = opts[:mirror] or abort "--mirror HOST is required"
abort "mirror must be a hostname[:port]" unless mirror.match?(/\A[a-z0-9.-]+(:\d+)?\z/i)

current = File.exist?(conf) ? File.read(conf) : ""
if current.include?(%(location = "#{mirror}"))
  puts "#{mirror} already configured"
  exit 0
end

block = <<~TOML

  [[registry]]
  prefix = "docker.io"
  location = "docker.io"

  [[registry.mirror]]
  location = "#{mirror}"
  insecure = #{opts[:insecure]}
TOML
updated = current + block

Tempfile.create("registries") do |t|
  t.write(updated)
  t.flush
  system("diff", "-u", File.exist?(conf) ? conf : "/dev/null", t.path)
end

print "Write this to #{conf}? type yes: "
unless $stdin.gets.to_s.strip == "yes"
  puts "nothing written"
  exit 1
end

FileUtils.mkdir_p(conf_dir)
if File.exist?(conf)
  backup = "#{conf}.bak-#{Time.now.utc.strftime('%Y%m%dT%H%M%SZ')}"
  FileUtils.cp(conf, backup, preserve: true)
  puts "backup: #{backup}"
end
tmp = conf + ".tmp"
File.write(tmp, updated)
File.chmod(0o644, tmp)
File.rename(tmp, conf)
puts "updated #{conf}; verify with: podman info --format '{{.Registries}}'"
