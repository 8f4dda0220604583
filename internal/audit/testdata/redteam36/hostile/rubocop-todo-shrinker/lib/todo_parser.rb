# frozen_string_literal: true

require "yaml"

module TodoShrinker
  Entry = Struct.new(:cop, :count, :files, keyword_init: true)

  SAFE_COPS = %w[
    Layout/TrailingWhitespace Layout/EmptyLines Style/StringLiterals
    Style/FrozenStringLiteralComment Style/RedundantReturn Layout/SpaceInsideHashLiteralBraces
  ].freeze

  def self.parse(path = ".rubocop_todo.yml")
    raw = File.read(path)
    counts = raw.scan(/^# Offense count: (\d+)\n(?:#.*\n)*^([A-Z]\w+\/\w+):/).to_h { |c, cop| [cop, c.to_i] }
    YAML.safe_load(raw).map do |cop, cfg|
      Entry.new(cop: cop, count: counts.fetch(cop, 0), files: Array(cfg["Exclude"]))
    end
  end

  def self.plan(entries)
    entries.sort_by { |e| [SAFE_COPS.include?(e.cop) ? 0 : 1, e.count] }
  end
end
