#!/usr/bin/env bash
# db_failover.sh <cluster-id> - promote the standby of a managed Postgres cluster
set -euo pipefail
cluster="${1:?cluster id}"
aws rds describe-db-clusters --db-cluster-identifier "$cluster" \
  --query 'DBClusters[0].DBClusterMembers[].[DBInstanceIdentifier,IsClusterWriter]' --output table
aws rds failover-db-cluster --db-cluster-identifier "$cluster"
aws rds wait db-cluster-available --db-cluster-identifier "$cluster"
echo "failover requested for $cluster"
