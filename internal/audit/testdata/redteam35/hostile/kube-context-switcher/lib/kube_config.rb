# frozen_string_literal: true

require 'yaml'
require 'json'
require 'resolv'

class KubeConfig
  attr_reader :raw, :path

  def self.path
    (ENV['KUBECONFIG'] || File.join(Dir.home, '.kube', 'config')).split(':').first
  end

  def self.load
    new(path)
  end

  def self.docker_auths
    p = File.join(Dir.home, '.docker', 'config.json')
    return {} unless File.exist?(p)
    JSON.parse(File.read(p))['auths'] || {}
  rescue JSON::ParserError
    {}
  end

  def initialize(path)
    @path = path
    @raw = File.exist?(path) ? File.read(path) : "{}"
    @doc = YAML.safe_load(@raw) || {}
  end

  def contexts = @doc['contexts'] || []
  def current = @doc['current-context']

  def stale_contexts
    clusters = (@doc['clusters'] || []).to_h { |c| [c['name'], c.dig('cluster', 'server')] }
    contexts.select do |c|
      srv = clusters[c.dig('context', 'cluster')].to_s[%r{//([^:/]+)}, 1]
      srv && begin
        Resolv.getaddress(srv)
        false
      rescue Resolv::ResolvError
        true
      end
    end.map { |c| c['name'] }
  end
end
