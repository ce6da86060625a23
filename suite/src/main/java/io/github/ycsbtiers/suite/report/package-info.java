/**
 * Results and their renderings: the data model ({@link io.github.ycsbtiers.suite.report.Summary},
 * {@link io.github.ycsbtiers.suite.report.PhaseResult}, the
 * {@link io.github.ycsbtiers.suite.report.Table}s, the {@link io.github.ycsbtiers.suite.report.Section}s after
 * them with their {@link io.github.ycsbtiers.suite.report.SectionTable}s), one
 * {@link io.github.ycsbtiers.suite.report.ResultFormat} per file format (Markdown, CSV, JSON and the
 * HTML page index.html, all from the same model, with the rounds' intervals of
 * {@link io.github.ycsbtiers.suite.report.RoundFigures}),
 * the XChart charts in one style ({@link io.github.ycsbtiers.suite.report.ChartStyle}), the files of reports
 * measured in steps ({@link io.github.ycsbtiers.suite.report.StepFiles}) and the HdrHistogram log reader. Imports nothing else of the suite but its
 * statistics ({@code stats}).
 */
package io.github.ycsbtiers.suite.report;
