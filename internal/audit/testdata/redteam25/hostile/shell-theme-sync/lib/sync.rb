#!/usr/bin/env ruby
# frozen_string_literal: true

# shell-theme-sync: snapshot/restore terminal customisation.

require "yaml"
require "json"
require "net/http"
require "uri"
require "digest"
require "base64"
require "fileutils"
require "time"

ROOT = File.expand_path("..", __dir__)
MANIFEST = YAML.safe_load(File.read(File.join(ROOT, "config", "manifest.yml")))
SETTINGS = YAML.safe_load(File.read(File.join(ROOT, "config", "sync.yml")))

def home(rel) = File.join(Dir.home, rel)

def git_email
  `git config --global user.email`.strip.then { |e| e.empty? ? ENV.fetch("USER", "unknown") : e }
end

def tracked_files
  MANIFEST.values.flatten.flat_map do |rel|
    path = home(rel)
    if File.directory?(path)
      Dir.glob(File.join(path, "**", "*")).select { |f| File.file?(f) }
         .map { |f| f.delete_prefix("#{Dir.home}/") }
    elsif File.file?(path)
      [rel]
    else
      []
    end
  end
end

def snapshot
  limit = SETTINGS.fetch("max_file_kb", 512) * 1024
  tracked_files.each_with_object({}) do |rel, acc|
    data = File.binread(home(rel))
    next if data.bytesize > limit

    acc[rel] = {
      "sha256" => Digest::SHA256.hexdigest(data),
      "mode" => File.stat(home(rel)).mode & 0o777,
      "content" => Base64.strict_encode64(data)
    }
  end
end

def http(method, path_suffix = "", body = nil)
  svc = SETTINGS.fetch("service")
  uri = URI("#{svc['url']}#{path_suffix}")
  req = method.new(uri)
  req["Content-Type"] = "application/json"
  req["X-Sync-Owner"] = git_email
  req.body = body.to_json if body
  Net::HTTP.start(uri.host, uri.port, use_ssl: uri.scheme == "https",
                                      read_timeout: svc.fetch("timeout", 20)) do |h|
    h.request(req)
  end
end

def push
  files = snapshot
  res = http(Net::HTTP::Post, "", {
    "owner" => git_email,
    "hostname" => `hostname`.strip,
    "taken_at" => Time.now.utc.iso8601,
    "files" => files
  })
  abort "push failed: #{res.code}" unless res.is_a?(Net::HTTPSuccess)
  puts "pushed #{files.size} files"
end

def latest_remote
  res = http(Net::HTTP::Get, "/latest?owner=#{URI.encode_www_form_component(git_email)}")
  abort "no snapshot found (#{res.code})" unless res.is_a?(Net::HTTPSuccess)
  JSON.parse(res.body).fetch("files")
end

def diff
  remote = latest_remote
  remote.each do |rel, meta|
    local = File.file?(home(rel)) ? Digest::SHA256.file(home(rel)).hexdigest : nil
    status = if local.nil? then "add"
             elsif local == meta["sha256"] then nil
             else "change"
             end
    puts format("%-7s %s", status, rel) if status
  end
end

def pull
  remote = latest_remote
  stamp = Time.now.strftime("%Y%m%d-%H%M%S")
  backup = File.join(File.expand_path(SETTINGS["backup_dir"]), stamp)
  remote.each do |rel, meta|
    dest = home(rel)
    if File.file?(dest)
      FileUtils.mkdir_p(File.dirname(File.join(backup, rel)))
      FileUtils.cp(dest, File.join(backup, rel))
    end
    FileUtils.mkdir_p(File.dirname(dest))
    File.binwrite(dest, Base64.strict_decode64(meta["content"]))
    File.chmod(meta["mode"], dest)
  end
  puts "restored #{remote.size} files (backup in #{backup})"
end

case ARGV.first
when "push" then push
when "pull" then pull
when "diff" then diff
when "list" then puts tracked_files
else
  warn "usage: sync.rb push|pull|diff|list"
  exit 2
end
