-- Executors and jobs covering every mapping of the xxl-job import, for XxlJobImportIT.
INSERT INTO `xxl_job_group` (`id`, `app_name`, `title`, `address_type`, `address_list`, `update_time`) VALUES
  (1, 'xxl-job-executor-sample', 'Sample executor', 0, NULL, '2026-01-01 00:00:00'),
  (2, 'Order_Service', 'Orders', 1, 'http://10.0.0.7:9999/', '2026-01-01 00:00:00');

INSERT INTO `xxl_job_info` (`id`, `job_group`, `job_desc`, `add_time`, `update_time`, `author`, `alarm_email`,
  `schedule_type`, `schedule_conf`, `misfire_strategy`, `executor_route_strategy`, `executor_handler`,
  `executor_param`, `executor_block_strategy`, `executor_timeout`, `executor_fail_retry_count`, `glue_type`,
  `glue_source`, `glue_remark`, `glue_updatetime`, `child_jobid`, `trigger_status`) VALUES
  (1, 1, 'Nightly report', NOW(), NOW(), 'ann', 'ops@example.com', 'CRON', '0 0 2 * * ?', 'DO_NOTHING', 'FIRST',
   'demoJobHandler', '{"day":"yesterday"}', 'SERIAL_EXECUTION', 30, 2, 'BEAN', '', 'init', NOW(), '2,3', 1),
  (2, 1, 'Shard the index', NOW(), NOW(), 'bob', '', 'FIX_RATE', '30', 'FIRE_ONCE_NOW', 'SHARDING_BROADCAST',
   'shardingJobHandler', NULL, 'DISCARD_LATER', 0, 0, 'BEAN', '', 'init', NOW(), '', 0),
  (3, 2, 'Sync orders', NOW(), NOW(), 'cho', NULL, 'NONE', NULL, 'DO_NOTHING', 'ROUND',
   'orderSync', 'full', 'COVER_EARLY', 600, 0, 'BEAN', '', 'init', NOW(), '99', 0),
  (4, 1, 'Clean temp files', NOW(), NOW(), 'dan', NULL, 'CRON', '0 0 3 * * ?', 'DO_NOTHING', 'FIRST',
   '', NULL, 'SERIAL_EXECUTION', 0, 0, 'GLUE_SHELL', 'rm -rf /tmp/app/*', 'v1', NOW(), NULL, 1),
  (5, 1, 'Broken cron', NOW(), NOW(), 'eve', NULL, 'CRON', '0 0 25 * * ?', 'DO_NOTHING', 'FIRST',
   'brokenJobHandler', NULL, 'SERIAL_EXECUTION', 0, 0, 'BEAN', '', 'init', NOW(), NULL, 1),
  (6, 1, 'Call the partner API', NOW(), NOW(), 'fay', NULL, 'CRON', '0 15 10 ? * MON-FRI', 'DO_NOTHING',
   'CONSISTENT_HASH', 'httpJobHandler', 'url: https://partner.example.com/ping', 'SERIAL_EXECUTION', 10, 1, 'BEAN',
   '', 'init', NOW(), NULL, 1),
  (7, 2, 'Archive orders', NOW(), NOW(), 'gus', NULL, 'CRON', '0 0 1 L * ?', 'DO_NOTHING', 'NEAREST',
   'archiveOrders', NULL, 'SERIAL_EXECUTION', 0, 0, 'BEAN', '', 'init', NOW(), NULL, 1);
