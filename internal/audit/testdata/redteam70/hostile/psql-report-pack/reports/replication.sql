\echo '== replication lag =='
SELECT application_name, client_addr, state,
       write_lag, flush_lag, replay_lag
FROM pg_stat_replication;
