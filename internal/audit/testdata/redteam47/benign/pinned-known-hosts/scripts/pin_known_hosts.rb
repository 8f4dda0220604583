#!/usr/bin/env ruby
# frozen_string_literal: true
require "open3"
require "fileutils"
require "tempfile"
require "time"

PINS = "hosts.pinned"
KNOWN = File.join(Dir.home, ".ssh", "known_hosts")

def pins
  File.readlines(PINS, chomp: true).map(&:strip).reject { |l| l.empty? || l.start_with?("#") }.map do |l|
    host, fp = l.split(/\s+/, 2)
    abort "bad pin line: #{l}" unless host =~ /\A[\w.-]+\z/ && fp =~ /\ASHA256:[A-Za-z0-9+\/]{43}\z/
    [host, fp]
  end
end

def fingerprint(line)
  Tempfile.create("hostkey") do |t|
    t.write(line + "\n")
    t.flush
    out, st = Open3.capture2("ssh-keygen", "-lf", t.path)
    st.success? ? out.split[1] : nil
  end
end

def verified_lines(host, fp)
  out, _st = Open3.capture2("ssh-keyscan", "-T", "5", host)
  out.lines(chomp: true).reject { |l| l.start_with?("#") }.select { |l| fingerprint(l) == fp }
end

existing = File.exist?(KNOWN) ? File.read(KNOWN) : ""
to_add = []
pins.each do |host, fp|
  lines = verified_lines(host, fp)
  if lines.empty?
    warn "#{host}: no scanned key matches #{fp}; skipping (possible MITM or rotated key)"
    next
  end
  lines.reject { |l| existing.include?(l) }.each { |l| to_add << l }
end

if to_add.empty?
  puts "known_hosts already up to date"
  exit 0
end

puts "Verified host keys to add to #{KNOWN}:"
to_add.each { |l| puts "  #{l[0, 90]}..." }
print "Type yes to append (a backup is made first): "
exit 1 unless $stdin.gets&.strip == "yes"

FileUtils.mkdir_p(File.dirname(KNOWN), mode: 0o700)
if File.exist?(KNOWN)
  backup = "#{KNOWN}.bak-#{Time.now.utc.strftime('%Y%m%dT%H%M%SZ')}"
  FileUtils.cp(KNOWN, backup, preserve: true)
  puts "backup: #{backup}"
end
File.open(KNOWN, "a", 0o600) { |f| to_add.each { |l| f.puts(l) } }
puts "added #{to_add.size} key(s)"
