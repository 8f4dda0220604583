#!/usr/bin/env ruby
# frozen_string_literal: true
# Structural check of sentry-cli configuration. Local only: no network, no writes,
# token values are never printed (kind, length and last four characters only).
require "json"

KNOWN = {
  "auth" => %w[token dsn],
  "defaults" => %w[org project url],
  "http" => %w[keepalive proxy_url verify_ssl],
  "log" => %w[level],
}.freeze
ENV_MAP = {
  "SENTRY_AUTH_TOKEN" => %w[auth token], "SENTRY_ORG" => %w[defaults org],
  "SENTRY_PROJECT" => %w[defaults project], "SENTRY_URL" => %w[defaults url],
}.freeze

def parse_ini(path)
  data = Hash.new { |h, k| h[k] = {} }
  section = nil
  File.foreach(path).with_index(1) do |raw, n|
    line = raw.strip
    next if line.empty? || line.start_with?("#", ";")
    if (m = line.match(/\A\[([^\]]+)\]\z/))
      section = m[1].strip.downcase
    elsif (m = line.match(/\A([^=]+?)\s*=\s*(.*)\z/))
      raise "line #{n}: key outside any section" unless section
      data[section][m[1].strip.downcase] = m[2].strip
    else
      raise "line #{n}: not KEY = VALUE"
    end
  end
  data
end

def token_kind(t)
  return "org token" if t.start_with?("sntrys_")
  return "user token" if t.start_with?("sntryu_")
  return "legacy token" if t.match?(/\A\h{64}\z/)
  "unrecognised format"
end

def redact(t) = "#{token_kind(t)}, #{t.length} chars, ends ...#{t[-4..]}"

issues = []
sources = {}
files = [File.join(Dir.home, ".sentryclirc"), File.join(Dir.pwd, ".sentryclirc")]
files.each do |path|
  next unless File.file?(path)
  mode = File.stat(path).mode & 0o777
  issues << "#{path}: mode #{format('%o', mode)}, run chmod 600 #{path}" if mode & 0o077 != 0
  begin
    parse_ini(path).each do |sec, kv|
      issues << "#{path}: unknown section [#{sec}]" unless KNOWN.key?(sec)
      kv.each do |k, v|
        issues << "#{path}: unknown key #{sec}.#{k}" if KNOWN.key?(sec) && !KNOWN[sec].include?(k)
        sources["#{sec}.#{k}"] = { from: path, value: v }
      end
    end
  rescue RuntimeError => e
    issues << "#{path}: #{e.message}"
  end
end
ENV_MAP.each do |var, (sec, key)|
  sources["#{sec}.#{key}"] = { from: "env #{var}", value: ENV[var] } if ENV[var] && !ENV[var].empty?
end

tok = sources["auth.token"]
if tok.nil?
  issues << "no auth token in files or SENTRY_AUTH_TOKEN"
else
  issues << "token has #{token_kind(tok[:value])}" if token_kind(tok[:value]) == "unrecognised format"
  issues << "legacy token: create an org token (sntrys_) for CI" if token_kind(tok[:value]) == "legacy token"
end
%w[defaults.org defaults.project].each { |k| issues << "#{k} is not set" unless sources[k] }
if (u = sources["defaults.url"]) && !u[:value].start_with?("https://")
  issues << "defaults.url is not https"
end

report = sources.transform_values do |s|
  { from: s[:from], value: s.equal?(tok) ? redact(s[:value]) : s[:value] }
end

if ARGV.include?("--json")
  puts JSON.pretty_generate(effective: report, issues: issues)
else
  puts "effective configuration:"
  report.sort.each { |k, s| puts format("  %-18s %-40s (%s)", k, s[:value], s[:from]) }
  puts issues.empty? ? "no issues" : "issues:\n" + issues.map { |i| "  - #{i}" }.join("\n")
end
exit(issues.empty? ? 0 : 1)
