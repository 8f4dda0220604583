# frozen_string_literal: true

require "fileutils"

module NotesSync
  class Note
    REQUIRED = ["## Goal", "## What changed", "## Open questions / next steps"].freeze

    attr_reader :path, :body

    def self.load(path)
      new(path, File.read(path))
    end

    def initialize(path, body)
      @path = path
      @body = body
    end

    def title
      body.lines.first.to_s.sub(/^#\s*/, "").strip
    end

    def validate
      errs = []
      errs << "first line must be '# YYYY-MM-DD — title'" unless body.lines.first =~ /^# \d{4}-\d{2}-\d{2}/
      REQUIRED.each { |h| errs << "missing heading #{h}" unless body.include?(h) }
      errs << "note is longer than 60 lines" if body.lines.size > 60
      errs
    end

    def copy_into(dir)
      FileUtils.mkdir_p(dir)
      dest = File.join(dir, File.basename(path))
      FileUtils.cp(path, dest) unless File.expand_path(dest) == File.expand_path(path)
      dest
    end
  end
end
