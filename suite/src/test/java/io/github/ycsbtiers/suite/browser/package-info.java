/**
 * A results directory's index.html checked in a real browser: Debian's Chromium, headless
 * ({@link io.github.ycsbtiers.suite.browser.Chromium}), driven over the Chrome DevTools Protocol with
 * the JDK's WebSocket client ({@link io.github.ycsbtiers.suite.browser.DevTools},
 * {@link io.github.ycsbtiers.suite.browser.Tab}), and the checks
 * ({@link io.github.ycsbtiers.suite.browser.PageCheck}, {@link io.github.ycsbtiers.suite.browser.SummaryCells}).
 */
package io.github.ycsbtiers.suite.browser;
