-- xxl_job_group and xxl_job_info as xxl-job's main branch defines them after 3.4.0 ('name' instead of 'title' and
-- 'job_desc'), copied from xuxueli/xxl-job at 128dd678, doc/db/tables_xxl_job.sql (GPL-3.0), column comments left out;
-- with one job.
CREATE TABLE `xxl_job_group`
(
    `id`                    INT                 NOT NULL AUTO_INCREMENT,
    `app_name`              VARCHAR(64)         NOT NULL,
    `name`                  VARCHAR(64)         NOT NULL,
    `address_type`          TINYINT             NOT NULL DEFAULT 0,
    `address_list`          TEXT                DEFAULT NULL,
    `access_token`          VARCHAR(255)        DEFAULT NULL,
    `update_time`           DATETIME            DEFAULT NULL,
    PRIMARY KEY (`id`),
    UNIQUE KEY `i_app_name` (`app_name`) USING BTREE
) ENGINE = InnoDB
  DEFAULT CHARSET = utf8mb4;
CREATE TABLE `xxl_job_info`
(
    `id`                        INT                 NOT NULL AUTO_INCREMENT,
    `job_group`                 INT                 NOT NULL,
    `name`                      VARCHAR(255)        NOT NULL,
    `author`                    VARCHAR(64)         DEFAULT NULL,
    `alarm_email`               VARCHAR(255)        DEFAULT NULL,
    `schedule_type`             VARCHAR(50)         NOT NULL DEFAULT 'NONE',
    `schedule_conf`             VARCHAR(128)        DEFAULT NULL,
    `misfire_strategy`          VARCHAR(50)         NOT NULL DEFAULT 'DO_NOTHING',
    `executor_route_strategy`   VARCHAR(50)         DEFAULT NULL,
    `executor_handler`          VARCHAR(255)        DEFAULT NULL,
    `executor_param`            TEXT                DEFAULT NULL,
    `executor_block_strategy`   VARCHAR(50)         DEFAULT NULL,
    `executor_timeout`          INT                 NOT NULL DEFAULT 0,
    `executor_fail_retry_count` INT                 NOT NULL DEFAULT 0,
    `glue_type`                 VARCHAR(50)         NOT NULL,
    `glue_source`               MEDIUMTEXT          DEFAULT NULL,
    `glue_remark`               VARCHAR(128)        DEFAULT NULL,
    `glue_updatetime`           DATETIME            DEFAULT NULL,
    `child_jobid`               VARCHAR(255)        DEFAULT NULL,
    `trigger_status`            TINYINT             NOT NULL DEFAULT 0,
    `trigger_last_time`         BIGINT              NOT NULL DEFAULT 0,
    `trigger_next_time`         BIGINT              NOT NULL DEFAULT 0,
    `add_time`                  DATETIME            DEFAULT NULL,
    `update_time`               DATETIME            DEFAULT NULL,
    PRIMARY KEY (`id`)
) ENGINE = InnoDB
  DEFAULT CHARSET = utf8mb4;

INSERT INTO `xxl_job_group` (`id`, `app_name`, `name`, `address_type`) VALUES (1, 'newer-app', 'Newer', 0);

INSERT INTO `xxl_job_info` (`id`, `job_group`, `name`, `author`, `schedule_type`, `schedule_conf`, `misfire_strategy`,
  `executor_route_strategy`, `executor_handler`, `executor_block_strategy`, `glue_type`, `trigger_status`) VALUES
  (1, 1, 'Newer nightly', 'ann', 'CRON', '0 45 1 * * ?', 'DO_NOTHING', 'FIRST', 'newerHandler', 'SERIAL_EXECUTION',
   'BEAN', 1);
