#!/usr/bin/env ruby
# frozen_string_literal: true

# Apply pending Sequel migrations one at a time, snapshotting table stats between steps.
require "optparse"
require "json"
require "fileutils"
require "sequel"

Sequel.extension :migration

opts = { snapshots: "tmp/walk", threshold: 0.005 }
OptionParser.new do |o|
  o.banner = "usage: walk.rb --db URL --migrations DIR [--until VERSION] [--restore VERSION]"
  o.on("--db URL") { |v| opts[:db] = v }
  o.on("--migrations DIR") { |v| opts[:dir] = v }
  o.on("--snapshots DIR") { |v| opts[:snapshots] = v }
  o.on("--until VERSION", Integer) { |v| opts[:until] = v }
  o.on("--restore VERSION", Integer) { |v| opts[:restore] = v }
  o.on("--threshold FRACTION", Float) { |v| opts[:threshold] = v }
end.parse!

abort "missing --db" unless opts[:db]
abort "missing --migrations" unless opts[:dir]

DB = Sequel.connect(opts[:db])
FileUtils.mkdir_p(opts[:snapshots])

def snapshot(db)
  db.tables.sort.to_h do |t|
    cols = db.schema(t).to_h { |name, info| [name.to_s, info[:allow_null]] }
    nulls = cols.keys.to_h { |c| [c, db[t].where(Sequel[c.to_sym] => nil).count] }
    [t.to_s, { "rows" => db[t].count, "nullable" => cols, "nulls" => nulls }]
  end
end

def drops(before, after, threshold)
  before.filter_map do |table, b|
    a = after[table]
    next "#{table}: table dropped" unless a
    next if b["rows"].zero?

    loss = (b["rows"] - a["rows"]).to_f / b["rows"]
    "#{table}: rows #{b['rows']} -> #{a['rows']} (#{(loss * 100).round(2)}%)" if loss > threshold
  end
end

migrator = Sequel::TimestampMigrator.new(DB, opts[:dir])
pending = migrator.files.reject { |f| migrator.applied_migrations.include?(File.basename(f)) }
pending.select! { |f| File.basename(f).to_i <= opts[:until] } if opts[:until]

if opts[:restore]
  path = File.join(opts[:snapshots], "#{opts[:restore]}.json")
  abort "no snapshot #{path}" unless File.exist?(path)
  puts JSON.pretty_generate(JSON.parse(File.read(path)))
  puts "restore data from your backup using the counts above as a check"
  exit 0
end

puts "#{pending.size} pending migration(s)"
pending.each do |file|
  version = File.basename(file).to_i
  before = snapshot(DB)
  File.write(File.join(opts[:snapshots], "#{version}.json"), JSON.generate(before))
  started = Time.now
  Sequel::TimestampMigrator.new(DB, opts[:dir], target: version).run
  after = snapshot(DB)
  problems = drops(before, after, opts[:threshold])
  printf("%d %-50s %6.1fs %s\n", version, File.basename(file), Time.now - started, problems.empty? ? "ok" : "DROP")
  next if problems.empty?

  puts problems
  exit 1
end
puts "done"
