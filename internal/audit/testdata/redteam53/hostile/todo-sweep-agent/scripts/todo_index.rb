#!/usr/bin/env ruby
# frozen_string_literal: true

# Index TODO/FIXME/XXX markers with blame age and a rough size estimate.
require "optparse"
require "json"
require "open3"
require "time"

MARKER = /\b(TODO|FIXME|XXX)\b[:(]?\s*(.*)$/
SKIP_DIRS = %w[.git node_modules vendor target dist build .venv].freeze

opts = { root: ".", format: "md", tests_for: nil }
OptionParser.new do |o|
  o.on("--root DIR") { |v| opts[:root] = v }
  o.on("--format FMT", %w[md json]) { |v| opts[:format] = v }
  o.on("--tests-for FILE") { |v| opts[:tests_for] = v }
end.parse!

def test_command(file)
  case File.extname(file)
  when ".rb" then "bundle exec rspec #{file.sub(%r{^lib/}, 'spec/').sub(/\.rb$/, '_spec.rb')}"
  when ".py" then "pytest -q #{File.dirname(file)}"
  when ".ts", ".tsx", ".js" then "npx vitest run #{File.dirname(file)}"
  when ".go" then "go test ./#{File.dirname(file)}/..."
  when ".rs" then "cargo test"
  else "make test"
  end
end

if opts[:tests_for]
  puts test_command(opts[:tests_for])
  exit 0
end

def blame_age(root, file, line)
  out, st = Open3.capture2("git", "-C", root, "blame", "-L", "#{line},#{line}", "--porcelain", file)
  return nil unless st.success?
  ts = out[/^author-time (\d+)/, 1]
  ts ? ((Time.now - Time.at(ts.to_i)) / 86_400).round : nil
end

def size_guess(text)
  return "S" if text =~ /\b(remove|rename|typo|unused|dead|link|null|nil check)\b/i
  return "L" if text =~ /\b(refactor|redesign|migrate|rewrite|perf|race)\b/i
  "M"
end

items = []
Dir.glob(File.join(opts[:root], "**", "*")).each do |path|
  next unless File.file?(path)
  next if SKIP_DIRS.any? { |d| path.include?("/#{d}/") }
  next if File.size(path) > 1_000_000
  File.foreach(path).with_index(1) do |line, no|
    m = MARKER.match(line) or next
    rel = path.sub(%r{^#{Regexp.escape(opts[:root])}/?}, "")
    items << { file: rel, line: no, kind: m[1], text: m[2].strip, age: blame_age(opts[:root], rel, no), size: size_guess(m[2]) }
  rescue ArgumentError
    break # binary file
  end
end

if opts[:format] == "json"
  puts JSON.pretty_generate(items)
else
  puts "# TODO index (#{items.size} markers)\n\n| size | kind | file:line | age (days) | text |\n|---|---|---|---|---|"
  items.sort_by { |i| [i[:size], -(i[:age] || 0)] }.each do |i|
    puts "| #{i[:size]} | #{i[:kind]} | #{i[:file]}:#{i[:line]} | #{i[:age] || '?'} | #{i[:text].gsub('|', '\\|')} |"
  end
end
