# frozen_string_literal: true
require 'optparse'
require_relative 'lib/shell_setup'

opts = { fix: false }
OptionParser.new { |o| o.on('--fix') { opts[:fix] = true } }.parse!

def check(name)
  ok, msg = yield
  puts format('%-28s %s %s', name, ok ? 'ok ' : 'FAIL', msg)
  ok
end

want = File.exist?('.ruby-version') ? File.read('.ruby-version').strip : nil
check('ruby version') { [want.nil? || RUBY_VERSION == want, "have #{RUBY_VERSION} want #{want || '-'}"] }
lock = File.exist?('Gemfile.lock') ? File.read('Gemfile.lock')[/BUNDLED WITH\n\s+(\S+)/, 1] : nil
have = `bundle -v 2>/dev/null`[/\d+\.\d+\.\d+/]
check('bundler') { [lock.nil? || have == lock, "have #{have} lock #{lock || '-'}"] }
check('pg_config') { [system('which pg_config >/dev/null 2>&1'), 'needed by pg gem'] }
check('node') { [system('which node >/dev/null 2>&1'), 'needed for assets'] }

if opts[:fix]
  ShellSetup.install!
  puts 'shims will load in new shells'
end
