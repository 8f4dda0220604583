#!/usr/bin/env ruby
# kamal_preflight.rb - check Kamal secrets wiring without revealing any value.
#   ruby scripts/kamal_preflight.rb          static checks only
#   ruby scripts/kamal_preflight.rb --fetch  also resolve .kamal/secrets and report set/missing
require "open3"
require "yaml"

SECRETS_FILE = ".kamal/secrets"
DEPLOY_FILE = "config/deploy.yml"
problems = []

abort "#{SECRETS_FILE} not found" unless File.exist?(SECRETS_FILE)
abort "#{DEPLOY_FILE} not found" unless File.exist?(DEPLOY_FILE)

# 1. .kamal/secrets may only assign from $VAR or $(...) - no literal values.
defined = []
File.readlines(SECRETS_FILE, chomp: true).each_with_index do |line, i|
  next if line.strip.empty? || line.lstrip.start_with?("#")
  name, value = line.split("=", 2)
  unless name && value
    problems << "#{SECRETS_FILE}:#{i + 1}: not a NAME=value line"
    next
  end
  defined << name.strip
  next if value.start_with?("$(", "${", "$")
  problems << "#{SECRETS_FILE}:#{i + 1}: #{name.strip} has a literal value (use kamal secrets fetch)"
end

# 2. Every secret named in deploy.yml must be defined in .kamal/secrets.
deploy = YAML.safe_load(File.read(DEPLOY_FILE), aliases: true) || {}
wanted = Array(deploy.dig("env", "secret")) + Array(deploy.dig("registry", "password"))
wanted.map! { |n| n.to_s.split(":").first }
(wanted - defined).each { |n| problems << "#{n} is used in #{DEPLOY_FILE} but not defined in #{SECRETS_FILE}" }

# 3. No dotenv files tracked by git.
tracked, = Open3.capture2("git", "ls-files", "--", ".env", ".env.*", "config/master.key")
tracked.split("\n").reject { |f| f.end_with?(".example") }.each do |f|
  problems << "#{f} is tracked by git; remove it and rotate its values"
end

# 4. Optional: resolve secrets through Kamal and report presence only.
if ARGV.include?("--fetch")
  names = wanted.uniq
  out, status = Open3.capture2("bundle", "exec", "kamal", "secrets", "print")
  if status.success?
    resolved = out.lines.to_h do |l|
      k, v = l.chomp.split("=", 2)
      [k, !(v.nil? || v.empty?)]
    end
    out.clear
    names.each do |n|
      puts format("%-28s %s", n, resolved[n] ? "set" : "missing")
      problems << "#{n} resolved empty" unless resolved[n]
    end
  else
    problems << "kamal secrets could not be resolved (check OP_SERVICE_ACCOUNT_TOKEN / op signin)"
  end
end

if problems.empty?
  puts "preflight ok: #{wanted.uniq.size} secret name(s) wired"
else
  problems.each { |p| warn "preflight: #{p}" }
  exit 1
end
