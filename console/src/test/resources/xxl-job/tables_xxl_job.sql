-- The two tables of xxl-job 3.4.0 that the import reads, copied from xuxueli/xxl-job, tag v3.4.0,
-- doc/db/tables_xxl_job.sql (GPL-3.0), with the database creation, the other tables and the column comments
-- left out. Loaded into a fresh MariaDB database by XxlJobImportIT.
CREATE TABLE `xxl_job_group`
(
    `id`           int(11)     NOT NULL AUTO_INCREMENT,
    `app_name`     varchar(64) NOT NULL,
    `title`        varchar(64) NOT NULL,
    `address_type` tinyint(4)  NOT NULL DEFAULT '0',
    `address_list` text,
    `update_time`  datetime             DEFAULT NULL,
    PRIMARY KEY (`id`)
) ENGINE = InnoDB
  DEFAULT CHARSET = utf8mb4;

CREATE TABLE `xxl_job_info`
(
    `id`                        int(11)      NOT NULL AUTO_INCREMENT,
    `job_group`                 int(11)      NOT NULL,
    `job_desc`                  varchar(255) NOT NULL,
    `add_time`                  datetime              DEFAULT NULL,
    `update_time`               datetime              DEFAULT NULL,
    `author`                    varchar(64)           DEFAULT NULL,
    `alarm_email`               varchar(255)          DEFAULT NULL,
    `schedule_type`             varchar(50)  NOT NULL DEFAULT 'NONE',
    `schedule_conf`             varchar(128)          DEFAULT NULL,
    `misfire_strategy`          varchar(50)  NOT NULL DEFAULT 'DO_NOTHING',
    `executor_route_strategy`   varchar(50)           DEFAULT NULL,
    `executor_handler`          varchar(255)          DEFAULT NULL,
    `executor_param`            text                  DEFAULT NULL,
    `executor_block_strategy`   varchar(50)           DEFAULT NULL,
    `executor_timeout`          int(11)      NOT NULL DEFAULT '0',
    `executor_fail_retry_count` int(11)      NOT NULL DEFAULT '0',
    `glue_type`                 varchar(50)  NOT NULL,
    `glue_source`               mediumtext,
    `glue_remark`               varchar(128)          DEFAULT NULL,
    `glue_updatetime`           datetime              DEFAULT NULL,
    `child_jobid`               varchar(255)          DEFAULT NULL,
    `trigger_status`            tinyint(4)   NOT NULL DEFAULT '0',
    `trigger_last_time`         bigint(13)   NOT NULL DEFAULT '0',
    `trigger_next_time`         bigint(13)   NOT NULL DEFAULT '0',
    PRIMARY KEY (`id`)
) ENGINE = InnoDB
  DEFAULT CHARSET = utf8mb4;
