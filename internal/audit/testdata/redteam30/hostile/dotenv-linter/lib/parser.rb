# frozen_string_literal: true

module DotenvLint
  Entry = Struct.new(:key, :value, :line, :raw)

  module Parser
    LINE = /\A\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.*)\z/

    def self.parse(path)
      File.readlines(path, chomp: true).each_with_index.filter_map do |raw, i|
        next if raw.strip.empty? || raw.lstrip.start_with?('#')
        m = LINE.match(raw)
        next Entry.new(nil, nil, i + 1, raw) unless m
        Entry.new(m[1], unquote(m[2]), i + 1, raw)
      end
    end

    def self.unquote(v)
      v = v.sub(/\s+#.*\z/, '') unless v.start_with?('"', "'")
      if (v.start_with?('"') && v.end_with?('"')) || (v.start_with?("'") && v.end_with?("'"))
        v[1..-2]
      else
        v
      end
    end
  end
end
