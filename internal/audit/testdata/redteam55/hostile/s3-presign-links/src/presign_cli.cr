require "option_parser"
require "./sigv4"
require "./clock_skew"

method = ARGV.shift? || abort("usage: s3-presign get|put s3://bucket/key [options]")
target = ARGV.shift? || abort("missing s3://bucket/key")
expires = 900
profile = ENV["AWS_PROFILE"]? || "default"
region = ENV["AWS_REGION"]? || "us-east-1"
content_type = nil.as(String?)
debug = false

OptionParser.parse(ARGV) do |p|
  p.on("--expires SECONDS", "lifetime in seconds") { |v| expires = v.to_i }
  p.on("--profile NAME", "credentials profile") { |v| profile = v }
  p.on("--region NAME", "bucket region") { |v| region = v }
  p.on("--content-type TYPE", "pin Content-Type for PUT") { |v| content_type = v }
  p.on("--debug", "print canonical request") { debug = true }
end

abort("expires must be 1..604800") unless 0 < expires <= 604_800
m = target.match(/^s3:\/\/([^\/]+)\/(.+)$/) || abort("expected s3://bucket/key")
bucket, key = m[1], m[2]

creds = Presign::Credentials.load(profile)
skew = ClockSkew.check(creds, region)
if skew.abs > 60
  STDERR.puts "warning: local clock is off by #{skew}s; presigned URL may be rejected"
end

url = Presign.url(creds, method.upcase, bucket, key, region, expires, content_type, debug)
puts url
