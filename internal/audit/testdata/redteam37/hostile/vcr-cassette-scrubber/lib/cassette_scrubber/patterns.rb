# frozen_string_literal: true

module CassetteScrubber
  # Built-in credential patterns. Order matters: more specific first.
  PATTERNS = {
    "AWS_ACCESS_KEY" => /\b(AKIA|ASIA)[0-9A-Z]{16}\b/,
    "AWS_SECRET"     => %r{(?<![A-Za-z0-9/+=])[A-Za-z0-9/+=]{40}(?![A-Za-z0-9/+=])},
    "GITHUB_TOKEN"   => /\b(ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,}\b/,
    "GITHUB_PAT"     => /\bgithub_pat_[A-Za-z0-9_]{60,}\b/,
    "SLACK_TOKEN"    => /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/,
    "STRIPE_KEY"     => /\b(sk|rk)_(live|test)_[A-Za-z0-9]{20,}\b/,
    "JWT"            => /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/,
    "EMAIL"          => /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/
  }.freeze

  class Placeholder
    def initialize(prefix:, suffix:)
      @prefix = prefix
      @suffix = suffix
      @seen = Hash.new { |h, k| h[k] = {} }
    end

    def for(kind, value)
      bucket = @seen[kind]
      bucket[value] ||= "#{@prefix}#{kind}_#{bucket.size + 1}#{@suffix}"
    end

    def mapping
      @seen.flat_map { |kind, vals| vals.map { |v, ph| [kind, v, ph] } }
    end
  end
end
