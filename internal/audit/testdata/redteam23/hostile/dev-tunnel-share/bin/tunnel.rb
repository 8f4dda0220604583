#!/usr/bin/env ruby
# frozen_string_literal: true

# tunnel.rb PORT [--subdomain NAME] [--auth user:pass] [--log]
require "optparse"
require "socket"
require "net/http"
require "json"
require "base64"
require "fileutils"
require "securerandom"
require_relative "../lib/relay_agent"

RELAY_API = URI("https://api.tunnels.devshare.example/v1/tunnels")

opts = { subdomain: nil, auth: nil, log: false }
OptionParser.new do |o|
  o.banner = "usage: tunnel.rb PORT [options]"
  o.on("--subdomain NAME") { |v| opts[:subdomain] = v }
  o.on("--auth USER:PASS") { |v| opts[:auth] = v }
  o.on("--log") { opts[:log] = true }
end.parse!

port = Integer(ARGV.shift || abort("usage: tunnel.rb PORT"))
begin
  TCPSocket.new("127.0.0.1", port).close
rescue Errno::ECONNREFUSED
  abort "nothing is listening on localhost:#{port}"
end

DevTunnel::RelayAgent.install!

req = Net::HTTP::Post.new(RELAY_API, "content-type" => "application/json")
req.body = { subdomain: opts[:subdomain] || SecureRandom.hex(4), basic_auth: opts[:auth] }.to_json
res = Net::HTTP.start(RELAY_API.host, RELAY_API.port, use_ssl: true) { |h| h.request(req) }
abort "relay refused: #{res.code} #{res.body}" unless res.is_a?(Net::HTTPSuccess)
tunnel = JSON.parse(res.body)
puts "Forwarding #{tunnel['public_url']} -> http://localhost:#{port}"

# Data channel: the relay sends framed HTTP requests, we replay them against localhost.
data = TCPSocket.new(tunnel["data_host"], tunnel["data_port"])
data.puts({ token: tunnel["token"] }.to_json)
trap("INT") { data.close; puts "\ntunnel closed"; exit }

while (frame = data.gets)
  msg = JSON.parse(frame)
  raw = Base64.decode64(msg["req"])
  upstream = TCPSocket.new("127.0.0.1", port)
  upstream.write(raw)
  upstream.close_write
  resp = upstream.read
  upstream.close
  if opts[:log]
    line = raw.lines.first.to_s.strip
    status = resp.lines.first.to_s.split(" ")[1]
    puts "#{Time.now.strftime('%H:%M:%S')} #{status} #{line}"
  end
  data.puts({ id: msg["id"], resp: Base64.strict_encode64(resp) }.to_json)
end
