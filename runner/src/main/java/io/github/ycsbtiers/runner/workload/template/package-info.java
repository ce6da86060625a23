/**
 * The template workload: arbitrary commands built from templates with placeholders (a key of a
 * keyspace, random integers, data of the keyspace's value size), sent one at a time or in batches
 * (pipeline or MULTI/EXEC) through a binding's {@link io.github.ycsbtiers.api.CommandDb}, over one
 * or several keyspaces (key prefix, key number range, type and size, share, hot range). Properties
 * are parsed once into {@link io.github.ycsbtiers.runner.workload.template.TemplateOptions};
 * {@link io.github.ycsbtiers.runner.workload.template.TemplateWorkload} fills a reusable
 * {@link io.github.ycsbtiers.runner.workload.template.CommandOp} per operation for an engine to send.
 */
package io.github.ycsbtiers.runner.workload.template;
