local ann = import 'annotations.libsonnet';

{
  new(uid, title, service, tags=[]):: {
    uid: uid,
    title: title,
    tags: ['generated', service] + tags,
    timezone: 'utc',
    schemaVersion: 39,
    refresh: '1m',
    time: { from: 'now-6h', to: 'now' },
    annotations: { list: [ann.deployMarkers(service), ann.incidents(service)] },
    templating: {
      list: [{
        name: 'datasource',
        type: 'datasource',
        query: 'prometheus',
        current: { text: 'default', value: 'default' },
      }],
    },
    panels: [],
  },

  timeseries(title, expr, unit='short', gridPos={ h: 8, w: 12, x: 0, y: 0 }):: {
    type: 'timeseries',
    title: title,
    datasource: { type: 'prometheus', uid: '${datasource}' },
    fieldConfig: { defaults: { unit: unit }, overrides: [] },
    gridPos: gridPos,
    targets: [{ expr: expr, refId: 'A' }],
  },

  withPanels(dash, panels):: dash { panels: std.mapWithIndex(function(i, p) p { id: i + 1 }, panels) },
}
