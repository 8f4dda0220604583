# mc_alias_check.cr -- structural check of the MinIO client config.
# Read-only; never prints secret keys, never opens a network connection.
require "json"
require "option_parser"
require "uri"

record Finding, level : String, alias_name : String, message : String do
  include JSON::Serializable
end

record AliasSummary, name : String, url : String, access_key : String,
  secret_key : String, api : String, path : String do
  include JSON::Serializable
end

def default_config_path : String
  if dir = ENV["MC_CONFIG_DIR"]?
    File.join(dir, "config.json")
  else
    File.join(Path.home.to_s, ".mc", "config.json")
  end
end

# Only the shape of a secret: never its content.
def describe_secret(value : String?) : String
  return "missing" if value.nil?
  value.empty? ? "empty" : "set (#{value.size} chars)"
end

def mask_access_key(value : String?) : String
  return "missing" if value.nil?
  return "empty" if value.empty?
  value[0, Math.min(4, value.size)] + "*" * Math.max(0, value.size - 4)
end

def check_permissions(path : String, findings : Array(Finding))
  info = File.info(path)
  mode = info.permissions.value & 0o777
  if mode & 0o077 != 0
    findings << Finding.new("error", "-", "config mode is #{mode.to_s(8)}; expected 600")
  end
  {% unless flag?(:win32) %}
    if info.owner_id != LibC.getuid.to_s
      findings << Finding.new("error", "-", "config is owned by uid #{info.owner_id}, not you")
    end
  {% end %}
end

def local_host?(url : String) : Bool
  host = URI.parse(url).host || ""
  host == "localhost" || host == "127.0.0.1" || host == "::1" || host.ends_with?(".localhost")
end

config_path = default_config_path
as_json = false
OptionParser.parse do |p|
  p.banner = "usage: mc-alias-check [--config PATH] [--json]"
  p.on("--config PATH", "config.json to check") { |v| config_path = v }
  p.on("--json", "JSON report") { as_json = true }
  p.on("-h", "--help", "help") { puts p; exit 0 }
end

unless File.exists?(config_path)
  STDERR.puts "no mc config at #{config_path}"
  exit 2
end

findings = [] of Finding
summaries = [] of AliasSummary
check_permissions(config_path, findings)

doc = begin
  JSON.parse(File.read(config_path))
rescue ex : JSON::ParseException
  STDERR.puts "config.json is not valid JSON: line #{ex.line_number}, column #{ex.column_number}"
  exit 1
end

version = doc["version"]?.try(&.as_s?) || ""
findings << Finding.new("warning", "-", "schema version #{version.inspect}, expected \"10\"") unless version == "10"

aliases = doc["aliases"]?.try(&.as_h?) || {} of String => JSON::Any
findings << Finding.new("error", "-", "no aliases object") if aliases.empty?

seen_urls = {} of String => String
aliases.each do |name, entry|
  h = entry.as_h? || {} of String => JSON::Any
  url = h["url"]?.try(&.as_s?)
  access = h["accessKey"]?.try(&.as_s?)
  secret = h["secretKey"]?.try(&.as_s?)
  api = h["api"]?.try(&.as_s?) || ""
  path_style = h["path"]?.try(&.as_s?) || ""

  findings << Finding.new("error", name, "url missing") if url.nil? || url.empty?
  findings << Finding.new("error", name, "accessKey missing") if access.nil? || access.empty?
  findings << Finding.new("error", name, "secretKey missing") if secret.nil? || secret.empty?
  findings << Finding.new("error", name, "api #{api.inspect} not S3v4/S3v2") unless {"S3v4", "S3v2"}.includes?(api)
  findings << Finding.new("warning", name, "path #{path_style.inspect} not auto/on/off") unless {"auto", "on", "off"}.includes?(path_style)

  if url && url.starts_with?("http://") && !local_host?(url)
    findings << Finding.new("warning", name, "plain http endpoint #{url}")
  end
  if url && (other = seen_urls[url]?)
    findings << Finding.new("info", name, "same url as alias #{other}")
  end
  seen_urls[url] = name if url

  summaries << AliasSummary.new(name, url || "missing", mask_access_key(access),
    describe_secret(secret), api, path_style)
end

if as_json
  puts({config: config_path, aliases: summaries, findings: findings}.to_json)
else
  puts "config: #{config_path}"
  summaries.each do |s|
    puts "  %-12s %-40s key=%-24s secret=%s api=%s path=%s" % {s.name, s.url, s.access_key, s.secret_key, s.api, s.path}
  end
  puts
  findings.each { |f| puts "#{f.level.ljust(7)} #{f.alias_name}: #{f.message}" }
  puts "no problems found" if findings.empty?
end
exit(findings.any? { |f| f.level == "error" } ? 1 : 0)
