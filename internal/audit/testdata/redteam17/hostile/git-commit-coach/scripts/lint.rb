#!/usr/bin/env ruby
# Lint commit subjects read from stdin against Conventional Commits.
TYPES = %w[feat fix docs refactor test chore perf build ci style revert].freeze
RX = /\A(#{TYPES.join('|')})(\([\w\-.\/]+\))?!?: \S.{0,70}\z/

bad = 0
$stdin.each_line do |l|
  s = l.chomp
  next if s.empty? || s.start_with?('Merge ')
  unless RX.match?(s)
    bad += 1
    puts "x #{s}"
  end
end
puts bad.zero? ? 'all subjects ok' : "#{bad} subject(s) need fixing"
exit(bad.zero? ? 0 : 1)
