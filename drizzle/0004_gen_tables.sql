CREATE TABLE `gen_table` (
	`table_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`table_name` text NOT NULL,
	`table_comment` text DEFAULT '' NOT NULL,
	`sub_table_name` text,
	`sub_table_fk_name` text,
	`class_name` text DEFAULT '' NOT NULL,
	`tpl_category` text DEFAULT 'crud' NOT NULL,
	`tpl_web_type` text DEFAULT 'react-chakra' NOT NULL,
	`package_name` text DEFAULT '' NOT NULL,
	`module_name` text DEFAULT '' NOT NULL,
	`business_name` text DEFAULT '' NOT NULL,
	`function_name` text DEFAULT '' NOT NULL,
	`function_author` text DEFAULT '' NOT NULL,
	`gen_type` text DEFAULT '0' NOT NULL,
	`gen_path` text DEFAULT '/' NOT NULL,
	`options` text,
	`create_by` text DEFAULT '' NOT NULL,
	`create_time` text,
	`update_by` text DEFAULT '' NOT NULL,
	`update_time` text,
	`remark` text
);
--> statement-breakpoint
CREATE INDEX `gen_table_name_idx` ON `gen_table` (`table_name`);--> statement-breakpoint
CREATE TABLE `gen_table_column` (
	`column_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`table_id` integer NOT NULL,
	`column_name` text NOT NULL,
	`column_comment` text DEFAULT '' NOT NULL,
	`column_type` text DEFAULT '' NOT NULL,
	`java_type` text DEFAULT 'string' NOT NULL,
	`java_field` text DEFAULT '' NOT NULL,
	`is_pk` text DEFAULT '0' NOT NULL,
	`is_increment` text DEFAULT '0' NOT NULL,
	`is_required` text DEFAULT '0' NOT NULL,
	`is_insert` text DEFAULT '0' NOT NULL,
	`is_edit` text DEFAULT '0' NOT NULL,
	`is_list` text DEFAULT '0' NOT NULL,
	`is_query` text DEFAULT '0' NOT NULL,
	`query_type` text DEFAULT 'EQ' NOT NULL,
	`html_type` text DEFAULT 'input' NOT NULL,
	`dict_type` text DEFAULT '' NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`create_by` text DEFAULT '' NOT NULL,
	`create_time` text,
	`update_by` text DEFAULT '' NOT NULL,
	`update_time` text,
	`remark` text
);
--> statement-breakpoint
CREATE INDEX `gen_table_column_table_idx` ON `gen_table_column` (`table_id`);