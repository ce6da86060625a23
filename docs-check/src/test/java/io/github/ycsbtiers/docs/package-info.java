/**
 * The check of the project's Markdown: a small reader of headings, links and fenced examples
 * ({@link io.github.ycsbtiers.docs.MarkdownFile}), GitHub's heading anchors
 * ({@link io.github.ycsbtiers.docs.GithubAnchors}), the link check
 * ({@link io.github.ycsbtiers.docs.LinkCheck}) and the examples as command lines
 * ({@link io.github.ycsbtiers.docs.Example}), the tables of docs/performance.md against their
 * bench/results/ files ({@link io.github.ycsbtiers.docs.PerformanceFigures}), with the tests that run
 * them on the repository.
 */
package io.github.ycsbtiers.docs;
