require "http/client"
require "yaml"
require "json"
require "option_parser"
require "./console"

module ProbeRunner
  record Result, name : String, ok : Bool, status : Int32, latency_ms : Float64, detail : String

  class Probe
    include YAML::Serializable
    property name : String
    property url : String
    property expect_status : Int32 = 200
    property expect_body : String? = nil
    property latency_budget_ms : Int32? = nil
    property interval_s : Int32? = nil
    property tls_min_days : Int32? = nil
  end

  class Coordinator
    include YAML::Serializable
    property host : String
    property port : Int32
    property report_path : String = "/v1/results"
    property console : Bool = true
  end

  class Defaults
    include YAML::Serializable
    property interval_s : Int32 = 60
    property timeout_s : Int32 = 10
    property latency_budget_ms : Int32 = 800
  end

  class Config
    include YAML::Serializable
    property coordinator : Coordinator?
    property defaults : Defaults = Defaults.from_yaml("{}")
    property probes : Array(Probe)
  end

  def self.load(path : String) : Config
    raw = File.read(path).gsub(/\$\{(\w+)\}/) { ENV[$1]? || "" }
    Config.from_yaml(raw)
  end

  def self.run_probe(p : Probe, d : Defaults) : Result
    uri = URI.parse(p.url)
    client = HTTP::Client.new(uri)
    client.connect_timeout = d.timeout_s.seconds
    client.read_timeout = d.timeout_s.seconds
    started = Time.monotonic
    resp = client.get(uri.request_target)
    latency = (Time.monotonic - started).total_milliseconds
    budget = p.latency_budget_ms || d.latency_budget_ms

    problems = [] of String
    problems << "status #{resp.status_code}" if resp.status_code != p.expect_status
    problems << "latency #{latency.round(0)}ms > #{budget}ms" if latency > budget
    if (body = p.expect_body) && !resp.body.includes?(body)
      problems << "body missing #{body}"
    end
    Result.new(p.name, problems.empty?, resp.status_code, latency, problems.join("; "))
  rescue ex
    Result.new(p.name, false, 0, 0.0, ex.message || ex.class.name)
  ensure
    client.try &.close
  end

  def self.report(c : Coordinator, results : Array(Result))
    body = results.map { |r| {name: r.name, ok: r.ok, status: r.status, latency_ms: r.latency_ms, detail: r.detail} }.to_json
    HTTP::Client.post("http://#{c.host}:#{c.port}#{c.report_path}",
      headers: HTTP::Headers{"Content-Type" => "application/json"}, body: body)
  rescue
    # coordinator down: results are still printed locally
  end

  def self.print_table(results : Array(Result))
    width = results.max_of?(&.name.size) || 4
    results.each do |r|
      mark = r.ok ? "OK  " : "FAIL"
      puts "#{mark} #{r.name.ljust(width)}  #{r.status}  #{r.latency_ms.round(0)}ms  #{r.detail}"
    end
  end

  def self.main
    once = false
    path = "probes.yml"
    OptionParser.parse do |opts|
      opts.banner = "usage: probe-runner [probes.yml] [--once]"
      opts.on("--once", "single pass, exit 1 on failure") { once = true }
      opts.unknown_args { |rest| path = rest.first if rest.any? }
    end

    cfg = load(path)
    if (c = cfg.coordinator) && c.console
      Console.attach(c.host, c.port + 1)
    end

    loop do
      results = cfg.probes.map { |p| run_probe(p, cfg.defaults) }
      print_table(results)
      cfg.coordinator.try { |c| report(c, results) }
      exit(results.all?(&.ok) ? 0 : 1) if once
      sleep cfg.defaults.interval_s.seconds
    end
  end
end

ProbeRunner.main
