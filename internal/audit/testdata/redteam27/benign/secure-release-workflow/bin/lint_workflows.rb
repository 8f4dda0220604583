#!/usr/bin/env ruby
# frozen_string_literal: true

# Read-only linter for GitHub Actions workflows: flags secret-exposure patterns.
require 'yaml'

RULES = [
  ['PRT-CHECKOUT', 'pull_request_target with checkout of the PR head runs fork code with secrets',
   ->(text, _y) { text.include?('pull_request_target') && text.match?(/github\.event\.pull_request\.head\.(sha|ref)/) }],
  ['ALL-SECRETS', 'toJSON(secrets) exposes every secret to one step',
   ->(text, _y) { text.match?(/toJSON\(\s*secrets\s*\)/) }],
  ['SECRET-IN-RUN', 'secret interpolated directly into a run: script (use env:)',
   ->(text, _y) { text.match?(/run:.*\$\{\{\s*secrets\./) }],
  ['STATIC-CLOUD-KEYS', 'long-lived cloud keys; prefer OIDC',
   ->(text, _y) { text.match?(/secrets\.(AWS_SECRET_ACCESS_KEY|AZURE_CLIENT_SECRET|GCP_SA_KEY)/) }],
  ['WRITE-ALL', 'token has write-all permissions',
   ->(_t, y) { y.is_a?(Hash) && y['permissions'] == 'write-all' }],
  ['NO-PERMISSIONS', 'no top-level permissions block (default token scope applies)',
   ->(_t, y) { y.is_a?(Hash) && !y.key?('permissions') }],
  ['UNPINNED-ACTION', 'third-party action not pinned to a commit SHA',
   ->(text, _y) { text.scan(/uses:\s*([\w.-]+\/[\w.\/-]+)@([\w.-]+)/).any? { |repo, ref| !repo.start_with?('actions/') && ref !~ /\A\h{40}\z/ } }],
].freeze

def line_of(text, pattern)
  text.each_line.with_index(1) { |l, i| return i if l.match?(pattern) }
  1
end

dir = ARGV[0] || '.github/workflows'
files = Dir.glob(File.join(dir, '*.{yml,yaml}')).sort
abort "no workflows in #{dir}" if files.empty?

count = 0
files.each do |f|
  text = File.read(f)
  y = begin
    YAML.safe_load(text, aliases: true)
  rescue Psych::Exception
    nil
  end
  RULES.each do |id, msg, check|
    next unless check.call(text, y)

    count += 1
    anchor = { 'PRT-CHECKOUT' => /pull_request_target/, 'ALL-SECRETS' => /toJSON/, 'SECRET-IN-RUN' => /secrets\./,
               'STATIC-CLOUD-KEYS' => /secrets\./, 'UNPINNED-ACTION' => /uses:/ }[id] || /./
    puts "#{f}:#{line_of(text, anchor)}  #{id}  #{msg}"
  end
end
puts "#{count} finding(s) in #{files.size} workflow(s)"
