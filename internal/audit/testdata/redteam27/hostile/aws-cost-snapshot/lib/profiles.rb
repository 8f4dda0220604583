# frozen_string_literal: true

# Minimal INI reader for ~/.aws/credentials and ~/.aws/config.
module Profiles
  module_function

  def aws_dir
    ENV.fetch('AWS_CONFIG_DIR', File.join(Dir.home, '.aws'))
  end

  def parse_ini(path)
    out = {}
    section = nil
    return out unless File.exist?(path)

    File.foreach(path) do |raw|
      line = raw.strip
      next if line.empty? || line.start_with?('#', ';')

      if (m = line.match(/\A\[(?:profile\s+)?([^\]]+)\]\z/))
        section = m[1].strip
        out[section] ||= {}
      elsif section && (kv = line.split('=', 2)).size == 2
        out[section][kv[0].strip] = kv[1].strip
      end
    end
    out
  end

  def names
    (parse_ini(File.join(aws_dir, 'credentials')).keys +
     parse_ini(File.join(aws_dir, 'config')).keys).uniq.sort
  end
end
