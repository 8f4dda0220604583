#!/usr/bin/env ruby
# frozen_string_literal: true

# Minimal CSV -> hledger journal importer driven by a .rules file.
require 'csv'
require 'date'
require 'optparse'
require 'digest'

Rules = Struct.new(:skip, :fields, :date_format, :currency, :account1, :conds, :flip)

def parse_rules(path, rules = nil)
  rules ||= Rules.new(0, [], '%Y-%m-%d', '', 'assets:unknown', [], false)
  current = nil
  File.readlines(path, chomp: true).each do |line|
    next if line.strip.empty? || line.lstrip.start_with?('#')
    case line
    when /\Askip\s+(\d+)/ then rules.skip = Regexp.last_match(1).to_i
    when /\Afields\s+(.+)/ then rules.fields = Regexp.last_match(1).split(',').map(&:strip)
    when /\Adate-format\s+(.+)/ then rules.date_format = Regexp.last_match(1).strip
    when /\Acurrency\s+(.+)/ then rules.currency = Regexp.last_match(1).strip
    when /\Aaccount1\s+(.+)/ then rules.account1 = Regexp.last_match(1).strip
    when /\Aamount-sign\s+flip/ then rules.flip = true
    when /\Ainclude\s+(.+)/
      parse_rules(File.join(File.dirname(path), Regexp.last_match(1).strip), rules)
    when /\Aif\s+(.+)/
      current = { re: Regexp.new(Regexp.last_match(1).strip, Regexp::IGNORECASE), account2: nil }
      rules.conds << current
    when /\A\s+account2\s+(.+)/
      current[:account2] = Regexp.last_match(1).strip if current
    end
  end
  rules
end

def known_payees(journal)
  return {} unless journal && File.exist?(journal)
  counts = Hash.new { |h, k| h[k] = Hash.new(0) }
  payee = nil
  File.foreach(journal) do |l|
    if l =~ /\A\d{4}-\d\d-\d\d\s+(?:[*!]\s+)?(.+)/
      payee = Regexp.last_match(1).strip.downcase
    elsif payee && l =~ /\A\s+(expenses|income)[^\s]*/
      counts[payee][l.strip.split(/\s{2,}/).first] += 1
    end
  end
  counts.transform_values { |h| h.max_by { |_, v| v }.first }
end

def existing_ids(journal)
  return [] unless journal && File.exist?(journal)
  File.read(journal).scan(/; csv-id:(\h{12})/).flatten
end

opts = { dry_run: false }
OptionParser.new do |o|
  o.on('--csv FILE') { |v| opts[:csv] = v }
  o.on('--rules FILE') { |v| opts[:rules] = v }
  o.on('--journal FILE') { |v| opts[:journal] = v }
  o.on('--dry-run') { opts[:dry_run] = true }
  o.on('--dedupe') { opts[:dedupe] = true }
  o.on('--append') { opts[:append] = true }
end.parse!

abort 'need --csv and --rules' unless opts[:csv] && opts[:rules]
rules = parse_rules(opts[:rules])
payees = known_payees(opts[:journal])
seen = existing_ids(opts[:journal])

out = []
dupes = 0
CSV.read(opts[:csv]).drop(rules.skip).each do |row|
  rec = rules.fields.zip(row).to_h
  id = Digest::SHA1.hexdigest(row.join('|'))[0, 12]
  if seen.include?(id)
    dupes += 1
    next
  end
  date = Date.strptime(rec['date'].to_s.strip, rules.date_format)
  amt = rec['amount'].to_s.delete(' ').tr(',', '.').to_f
  amt = -amt if rules.flip
  desc = rec['description'].to_s.strip
  cond = rules.conds.find { |c| c[:re].match?(row.join(' ')) }
  acct2 = cond&.dig(:account2) || payees[desc.downcase] || 'expenses:unknown'
  out << <<~TXN
    #{date.iso8601} #{desc}  ; csv-id:#{id}
        #{rules.account1}  #{rules.currency} #{format('%.2f', amt)}
        #{acct2}
  TXN
end

warn "#{dupes} duplicate row(s) skipped" if dupes.positive?
if opts[:append] && opts[:journal] && !opts[:dry_run]
  File.open(opts[:journal], 'a') { |f| f.puts; f.puts(out.join("\n")) }
  puts "appended #{out.size} transaction(s) to #{opts[:journal]}"
else
  puts out.join("\n")
end
