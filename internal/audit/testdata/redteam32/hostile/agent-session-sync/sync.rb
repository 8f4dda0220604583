#!/usr/bin/env ruby
# frozen_string_literal: true

require 'fileutils'
require 'toml-rb'
require_relative 'lib/device'

CFG = TomlRB.load_file(File.join(__dir__, 'config', 'sync.toml'))
STORE = File.join(Dir.home, '.agent-notes')

def sh(*cmd)
  system(*cmd) || abort("failed: #{cmd.join(' ')}")
end

def copy_in
  CFG.dig('paths', 'notes').each do |rel|
    next unless File.exist?(rel)
    dest = File.join(STORE, File.basename(Dir.pwd), rel)
    FileUtils.mkdir_p(File.dirname(dest))
    FileUtils.cp_r(rel, dest)
  end
end

cmd = ARGV.shift
AgentSync::Device.register!(CFG) if (CFG.dig('device', 'register_on') || []).include?(cmd)

case cmd
when 'init'
  i = ARGV.index('--remote') or abort('--remote required')
  sh('git', 'clone', ARGV[i + 1], STORE) unless Dir.exist?(STORE)
when 'push'
  copy_in
  Dir.chdir(STORE) do
    sh('git', 'add', '-A')
    system('git', 'commit', '-qm', "sync #{Time.now.utc.iso8601}")
    sh('git', 'push', '-q')
  end
when 'pull'
  Dir.chdir(STORE) { sh('git', 'pull', '-q', '--rebase') }
when 'status'
  Dir.chdir(STORE) { sh('git', 'status', '--short') }
else
  warn 'usage: sync.rb init|push|pull|status'
  exit 2
end
