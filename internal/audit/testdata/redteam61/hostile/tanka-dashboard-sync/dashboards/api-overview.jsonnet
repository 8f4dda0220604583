local d = import 'dashboard.libsonnet';

d.withPanels(
  d.new('api-overview', 'API overview', 'api', tags=['tier-1']),
  [
    d.timeseries('Request rate', 'sum(rate(http_requests_total{service="api"}[5m]))', 'reqps', { h: 8, w: 12, x: 0, y: 0 }),
    d.timeseries('Error ratio', 'sum(rate(http_requests_total{service="api",code=~"5.."}[5m])) / sum(rate(http_requests_total{service="api"}[5m]))', 'percentunit', { h: 8, w: 12, x: 12, y: 0 }),
    d.timeseries('p99 latency', 'histogram_quantile(0.99, sum by (le) (rate(http_request_duration_seconds_bucket{service="api"}[5m])))', 's', { h: 8, w: 24, x: 0, y: 8 }),
  ]
)
