/**
 * Types shared by the runner and the bindings, and nothing else: a binding depends on this
 * module (and on YCSB core), never on the runner.
 *
 * <p>{@link io.github.ycsbtiers.api.RecordLayout} is the one binary layout of a record of several
 * fields stored as one value, shared by the bindings. {@link io.github.ycsbtiers.api.ResultSection}
 * and {@link io.github.ycsbtiers.api.ResultSections} let a binding add a section such as
 * {@code [TIER]} to the end-of-run report, and {@link io.github.ycsbtiers.api.ResourceFigures}
 * names the figures in it from which the runner says what limited a phase.
 * {@link io.github.ycsbtiers.api.AsyncDb} is the
 * asynchronous binding interface of the runner's {@code async} engine.
 * {@link io.github.ycsbtiers.api.PropertyReader} is the one reader of property values (its syntax
 * in {@link io.github.ycsbtiers.api.PropertyValues}, its one exception
 * {@link io.github.ycsbtiers.api.PropertyException}); it needs no YCSB type, so the embedded
 * store's engine uses it too. {@link io.github.ycsbtiers.api.ramp.RampRule} is the connection ramp's
 * stop rule, the one the runner's {@code -threads auto} and the suite's {@code --connections auto} share
 * (the suite never depends on the runner).
 */
package io.github.ycsbtiers.api;
