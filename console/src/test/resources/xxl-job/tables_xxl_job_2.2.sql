-- xxl_job_info and xxl_job_group as xxl-job 2.0 to 2.2 define them (a job_cron column, no schedule_type), copied
-- from xuxueli/xxl-job, tag v2.2.0, doc/db/tables_xxl_job.sql (GPL-3.0), column comments left out; with two jobs.
CREATE TABLE `xxl_job_info` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `job_group` int(11) NOT NULL,
  `job_cron` varchar(128) NOT NULL,
  `job_desc` varchar(255) NOT NULL,
  `add_time` datetime DEFAULT NULL,
  `update_time` datetime DEFAULT NULL,
  `author` varchar(64) DEFAULT NULL,
  `alarm_email` varchar(255) DEFAULT NULL,
  `executor_route_strategy` varchar(50) DEFAULT NULL,
  `executor_handler` varchar(255) DEFAULT NULL,
  `executor_param` varchar(512) DEFAULT NULL,
  `executor_block_strategy` varchar(50) DEFAULT NULL,
  `executor_timeout` int(11) NOT NULL DEFAULT '0',
  `executor_fail_retry_count` int(11) NOT NULL DEFAULT '0',
  `glue_type` varchar(50) NOT NULL,
  `glue_source` mediumtext,
  `glue_remark` varchar(128) DEFAULT NULL,
  `glue_updatetime` datetime DEFAULT NULL,
  `child_jobid` varchar(255) DEFAULT NULL,
  `trigger_status` tinyint(4) NOT NULL DEFAULT '0',
  `trigger_last_time` bigint(13) NOT NULL DEFAULT '0',
  `trigger_next_time` bigint(13) NOT NULL DEFAULT '0',
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE `xxl_job_group` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `app_name` varchar(64) NOT NULL,
  `title` varchar(12) NOT NULL,
  `address_type` tinyint(4) NOT NULL DEFAULT '0',
  `address_list` varchar(512) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

INSERT INTO `xxl_job_group` (`id`, `app_name`, `title`, `address_type`) VALUES (1, 'legacy-app', 'Legacy', 0);

INSERT INTO `xxl_job_info` (`id`, `job_group`, `job_cron`, `job_desc`, `author`, `executor_route_strategy`,
  `executor_handler`, `executor_block_strategy`, `glue_type`, `trigger_status`) VALUES
  (1, 1, '0 30 1 * * ?', 'Legacy nightly', 'ann', 'FIRST', 'legacyHandler', 'SERIAL_EXECUTION', 'BEAN', 1);
