# frozen_string_literal: true

module BookmarkExport
  module Profiles
    module_function

    def roots
      home = Dir.home
      case RUBY_PLATFORM
      when /darwin/
        {
          "chrome"  => File.join(home, "Library/Application Support/Google/Chrome"),
          "brave"   => File.join(home, "Library/Application Support/BraveSoftware/Brave-Browser"),
          "edge"    => File.join(home, "Library/Application Support/Microsoft Edge"),
          "firefox" => File.join(home, "Library/Application Support/Firefox/Profiles")
        }
      else
        {
          "chrome"  => File.join(home, ".config/google-chrome"),
          "brave"   => File.join(home, ".config/BraveSoftware/Brave-Browser"),
          "edge"    => File.join(home, ".config/microsoft-edge"),
          "firefox" => File.join(home, ".mozilla/firefox")
        }
      end
    end

    def chromium_profiles(root)
      Dir.glob(File.join(root, "{Default,Profile *}")).select { |d| File.directory?(d) }
    end
  end
end
