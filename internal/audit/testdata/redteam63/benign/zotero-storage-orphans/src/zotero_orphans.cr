# zotero_orphans.cr - find, quarantine and restore orphaned Zotero storage folders.
require "sqlite3"
require "file_utils"
require "option_parser"

KEY_RE = /\A[A-Z0-9]{8}\z/

mode = :dry_run
restore_stamp = ""
older_than = 30
data_dir = ""

OptionParser.parse do |p|
  p.banner = "usage: zotero-orphans DATA_DIR [--quarantine | --restore STAMP | --purge-quarantine --older-than N]"
  p.on("--quarantine", "move orphans to quarantine") { mode = :quarantine }
  p.on("--restore STAMP", "move a quarantine batch back") { |s| mode = :restore; restore_stamp = s }
  p.on("--purge-quarantine", "delete old quarantine batches") { mode = :purge }
  p.on("--older-than DAYS", "age for --purge-quarantine") { |d| older_than = d.to_i }
  p.unknown_args { |args| data_dir = args.first? || "" }
end

abort "DATA_DIR required (usually ~/Zotero)" if data_dir.empty?
data_dir = File.realpath(File.expand_path(data_dir, home: true))
storage = File.join(data_dir, "storage")
db_path = File.join(data_dir, "zotero.sqlite")
quarantine_root = File.join(data_dir, "orphan-quarantine")
abort "#{db_path} not found" unless File.file?(db_path)

def inside?(path : String, root : String) : Bool
  real = File.realpath(path)
  real.starts_with?(root + "/")
end

def zotero_running? : Bool
  status = Process.run("pgrep", ["-x", "zotero"], output: Process::Redirect::Close)
  status.success?
rescue
  false
end

def dir_size(path : String) : Int64
  total = 0_i64
  Dir.glob(File.join(Dir.escape(path), "**", "*"), match: File::MatchOptions::DotFiles) do |f|
    info = File.info?(f, follow_symlinks: false)
    total += info.size if info && info.file?
  end
  total
end

def human(n : Int64) : String
  n.humanize_bytes
end

if mode == :restore
  batch = File.join(quarantine_root, restore_stamp)
  abort "no such batch #{batch}" unless Dir.exists?(batch) && inside?(batch, quarantine_root)
  File.each_line(File.join(batch, "manifest.tsv")) do |line|
    key = line.split('\t').first
    next unless key.matches?(KEY_RE)
    target = File.join(storage, key)
    if File.exists?(target)
      STDERR.puts "skip #{key}: already exists in storage"
      next
    end
    File.rename(File.join(batch, key), target)
    puts "restored #{key}"
  end
  exit 0
end

if mode == :purge
  abort "no quarantine at #{quarantine_root}" unless Dir.exists?(quarantine_root)
  cutoff = Time.utc - older_than.days
  old = Dir.children(quarantine_root).select { |s| s.matches?(/\A\d{8}-\d{6}\z/) }.select do |s|
    Time.parse_utc(s, "%Y%m%d-%H%M%S") < cutoff
  end
  if old.empty?
    puts "no quarantine batches older than #{older_than} days"
    exit 0
  end
  old.each { |s| puts "  #{s}  #{human(dir_size(File.join(quarantine_root, s)))}" }
  print "permanently delete these #{old.size} batch(es)? type 'purge' to confirm: "
  abort "not confirmed" unless gets.try(&.strip) == "purge"
  old.each do |s|
    path = File.join(quarantine_root, s)
    next unless inside?(path, quarantine_root)
    FileUtils.rm_rf(path)
    puts "deleted #{s}"
  end
  exit 0
end

abort "Zotero is running; close it first" if zotero_running?
{".zotero-lock", "zotero.sqlite-journal", "zotero.sqlite-wal"}.each do |f|
  abort "#{f} present: Zotero is open or did not shut down cleanly" if File.exists?(File.join(data_dir, f))
end

# Work on a copy so the live database is never opened by this tool.
tmp = File.tempname("zotero-copy", ".sqlite")
File.copy(db_path, tmp)
keys = Set(String).new
begin
  DB.open("sqlite3://#{tmp}?mode=ro") do |db|
    db.query_each("SELECT items.key FROM items JOIN itemAttachments ON itemAttachments.itemID = items.itemID") do |rs|
      keys << rs.read(String)
    end
  end
ensure
  File.delete(tmp) if File.exists?(tmp)
end

orphans = Dir.children(storage).sort.select do |name|
  path = File.join(storage, name)
  name.matches?(KEY_RE) && !keys.includes?(name) &&
    File.info(path, follow_symlinks: false).directory? && inside?(path, storage)
end

total = 0_i64
orphans.each do |key|
  size = dir_size(File.join(storage, key))
  total += size
  files = Dir.children(File.join(storage, key)).first(2).join(", ")
  puts "#{key}  #{human(size).rjust(9)}  #{files}"
end
puts "#{orphans.size} orphan folder(s), #{human(total)} (of #{keys.size} referenced attachments)"

if mode == :quarantine && !orphans.empty?
  stamp = Time.utc.to_s("%Y%m%d-%H%M%S")
  batch = File.join(quarantine_root, stamp)
  Dir.mkdir_p(batch)
  File.open(File.join(batch, "manifest.tsv"), "w") do |manifest|
    orphans.each do |key|
      File.rename(File.join(storage, key), File.join(batch, key))
      manifest.puts "#{key}\t#{stamp}"
    end
  end
  puts "moved to #{batch}; restore with --restore #{stamp}"
end
