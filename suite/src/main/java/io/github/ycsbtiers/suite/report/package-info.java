/**
 * Results and their renderings: the data model ({@link io.github.ycsbtiers.suite.report.Summary},
 * {@link io.github.ycsbtiers.suite.report.PhaseResult}, the
 * {@link io.github.ycsbtiers.suite.report.Table}s), one
 * {@link io.github.ycsbtiers.suite.report.ResultFormat} per file format (Markdown, CSV, JSON and the
 * HTML page index.html, all from the same model, with the rounds' intervals of
 * {@link io.github.ycsbtiers.suite.report.RoundFigures}),
 * the XChart charts and the HdrHistogram log reader. Imports nothing else of the suite but its
 * statistics ({@code stats}).
 */
package io.github.ycsbtiers.suite.report;
